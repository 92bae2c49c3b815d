/**
 * What a test of a failing send reads, gathered from before the page loads: the spec's failed-send
 * lines on the console, the requests to EmailJS and their answers, and what was said assertively. The
 * `failingSend` fixture (fixtures.ts) gives all three and allows the failure's console lines.
 */
import { expect, type Page } from "@playwright/test";
import { type Requests, watchRequests } from "./held-requests";
import { recordLiveRegions } from "./live-regions";
import { UNTIL_TEST_TIMEOUT } from "./page-clock";
import { FAILURE_TITLE } from "./words";

/**
 * The spec's failed-send lines ("Waitlist submission failed: ..."), as the visitor's console shows
 * them (the `failingSend` fixture's; for a page of a test's own).
 * @public
 */
export function collectFailureLogs(page: Page): string[] {
  const lines: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && message.text().startsWith("Waitlist submission failed:")) {
      lines.push(message.text());
    }
  });
  return lines;
}

/**
 * What was said assertively: the destructive toast's announcement, and nothing else in a signup
 * (the `failingSend` fixture's; for a page of a test's own).
 * @public
 */
export const assertively = (page: Page) => recordLiveRegions(page).heardAssertively;

/** Waits, as long as the machine takes, until Submission failed has been said assertively. */
export async function expectAnnouncedAssertively(heardAssertively: () => Promise<string[]>) {
  await expect
    .poll(
      async () => (await heardAssertively()).some((text) => text.includes(FAILURE_TITLE)),
      UNTIL_TEST_TIMEOUT,
    )
    .toBe(true);
}

/** The `failingSend` fixture: what a failing send's test reads. */
export type FailingSend = {
  /** The spec's failed-send lines so far, in order. */
  failureLogs: string[];
  /** The page's requests to EmailJS, one per try: `count()`, and `answered(hanging)` for the clock runs. */
  requests: Requests;
  /** What was said assertively so far. */
  heardAssertively: () => Promise<string[]>;
};

/** Starts the three records of a failing send in `page`, before it loads. */
export function watchFailingSend(page: Page): FailingSend {
  return {
    failureLogs: collectFailureLogs(page),
    requests: watchRequests(page),
    heardAssertively: assertively(page),
  };
}
