/**
 * The test builds' retry budget holds three retries whatever their jitter, with the page clock's
 * steps: the answer tests/e2e/support/README.md gives to "do three retries fit?". The waits are
 * the product's own (src/waitlist/core/retry-policy.ts) at their longest.
 */
import { expect, it } from "vitest";
import { type Failure, retryDelay } from "../../src/waitlist/core/retry-policy";
import { CLOCK_STEP_MS } from "../e2e/support/page-clock";
import { E2E_RETRY_BUDGET_MS } from "../e2e/support/stack-timing";

/** The largest number random() gives: every wait at its longest. */
const longest = () => 1 - Number.EPSILON;
const longestWaits = (failure: Failure, retries: number) =>
  Array.from({ length: retries }, (_, retry) => retryDelay(retry, failure, longest));
const total = (waits: number[]) => waits.reduce((sum, wait) => sum + wait, 0);

it("three retries of a 503 or a 429 fit the test builds' retry budget, a step of the clock per try", () => {
  for (const failure of [{ kind: "try-again" }, { kind: "try-again", throttled: true }] as const) {
    const waits = longestWaits(failure, 3);
    expect(waits.map((wait) => Math.ceil(wait / 1000))).toEqual([2, 3, 5]);
    // A try's answer is read up to a step after it left: the clock ran on while it was out.
    expect(total(waits) + 3 * CLOCK_STEP_MS).toBeLessThanOrEqual(E2E_RETRY_BUDGET_MS);
  }
});

it("a fourth may not: the budget is no test's promise of four", () => {
  expect(total(longestWaits({ kind: "try-again" }, 4))).toBeGreaterThan(E2E_RETRY_BUDGET_MS);
});
