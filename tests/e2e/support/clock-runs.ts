/**
 * A signup driven on the page's stopped clock (page-clock.ts), a step at a time, each step only once
 * every request has had its answer and the page has rendered: to /success, to Submission failed, to
 * a wait's words in the middle of a run (a cause that changes from one try to the next), or to any
 * end a test names; and the form's "still being sent" state checked in the words for its cause.
 */
import { expect, type Page } from "@playwright/test";
import type { Requests } from "./held-requests";
import { runClockUntil, settled, UNTIL_TEST_TIMEOUT } from "./page-clock";
import { E2E_RETRY_BUDGET_MS } from "./stack-timing";
import { FAILURE_SHOWN, REDIRECTING, toastShownOn } from "./tab-records";
import { waitlistForm } from "./waitlist-page";
import { JOIN, JOINING, WAITING } from "./words";

/**
 * How a run ends: within `withinMs` of page time (the test builds' retry budget unless given: three
 * retries always fit in it, README.md), with the first `hanging` requests left unanswered.
 */
export type ClockRun = { withinMs?: number; hanging?: number };

/**
 * Moves the page's stopped clock until the signup has ended (`ended()`), failing past `withinMs` of
 * page time; before each step every request but the first `hanging` has had its answer and the page
 * has rendered what the last step set off, so neither a round trip nor a render lets page time race
 * by. Then on, with no bound of page time, until `shown()`: the toaster's first load takes real time.
 * For an end of a test's own (the kit's two are below).
 * @public
 */
export async function runClockToEnd(
  page: Page,
  requests: Requests,
  {
    ended,
    shown,
    withinMs = E2E_RETRY_BUDGET_MS,
    hanging = 0,
  }: ClockRun & { ended: () => Promise<boolean>; shown: () => Promise<boolean> },
) {
  const beforeStep = async () => {
    await requests.answered(hanging);
    await settled(page);
  };
  await runClockUntil(page, ended, { withinMs, beforeStep });
  await runClockUntil(page, shown, { beforeStep });
}

/** On /success within `withinMs` of page time, with its Redirecting... toast shown there. */
export async function runClockToSuccess(page: Page, requests: Requests, run: ClockRun = {}) {
  await runClockToEnd(page, requests, {
    ended: async () => new URL(page.url()).pathname === "/success",
    shown: () => toastShownOn(page, "/success", REDIRECTING),
    ...run,
  });
}

/** Given up within `withinMs` of page time (Join Waitlist back), with Submission failed shown. */
export async function runClockToFailure(page: Page, requests: Requests, run: ClockRun = {}) {
  const { submit } = waitlistForm(page);
  await runClockToEnd(page, requests, {
    ended: async () => (await submit.textContent()) === JOIN,
    shown: () => toastShownOn(page, "/", FAILURE_SHOWN),
    ...run,
  });
}

/**
 * Stops in the middle of a run, once the form says `words` (one of words.ts's WAITING) within
 * `withinMs` of page time: where the cause changes from one try to the next (503, 503, then 429:
 * the crowd's words), so the test checks that state (`expectStillSending`, `requests.count()`)
 * before it runs on to an end.
 */
export async function runClockToWaiting(
  page: Page,
  requests: Requests,
  words: string,
  run: ClockRun = {},
) {
  const said = () => waitlistForm(page).form.getByText(words).isVisible();
  await runClockToEnd(page, requests, { ended: said, shown: said, ...run });
}

/**
 * The form's message area says the address is saved and still being sent, in `words` (one of
 * words.ts's WAITING) and no other cause's, while Joining... stays.
 */
export async function expectStillSending(page: Page, words: string) {
  const { form, submit } = waitlistForm(page);
  // After an answer or a timer: as long as the machine takes (the callers stop the page's clock).
  await expect(form.getByText(words)).toBeVisible(UNTIL_TEST_TIMEOUT);
  for (const other of Object.values(WAITING).filter((text) => text !== words)) {
    await expect(form.getByText(other)).toHaveCount(0);
  }
  await expect(submit).toHaveText(JOINING);
  await expect(submit).toHaveAttribute("aria-disabled", "true");
}
