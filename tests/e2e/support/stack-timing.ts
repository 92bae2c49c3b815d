/**
 * The test stack's timing: the send time limit and retry budget every test build is built with
 * (stack-settings.ts passes them to the builds), shorter than production's so a test of a failing
 * send ends in seconds. Tests take their bounds of page time from these, never from the machine.
 */

/** Short, so the "no answer" test does not wait the production 15 s. */
export const E2E_SEND_TIMEOUT_MS = 3000;
/**
 * Short, so a signup that keeps failing is reported in seconds, not the production two minutes; long
 * enough for a request given up on at twice the time limit to be tried once more, and for three
 * retries whatever their jitter: their waits are at most 2, 3 and 5 s, and a run on the stopped
 * clock adds up to a step (100 ms) per try (tests/unit/stack-timing.test.ts). A fourth may not fit.
 */
export const E2E_RETRY_BUDGET_MS = 12_000;
