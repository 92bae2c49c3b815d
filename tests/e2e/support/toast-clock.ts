import type { Locator, Page } from "@playwright/test";
import { E2E_EMULATOR_URL } from "./stack-ports";

/** Small next to the toast's 5 s: how far the clock runs at a time while the test waits for it. */
const STEP_MS = 100;

/**
 * For a test that works while a toast is shown (the judges, the keyboard): the toast closes itself
 * after 5 s, so those 5 s run on Playwright's clock, stopped here once the app has started (the
 * page was opened after `page.clock.install()`). From then on time passes only when the test
 * says so, however slow the machine.
 */
export async function stopTheClock(page: Page) {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
}

/**
 * Sends with `submit` and waits until `toast` shows, on a stopped clock: first for the emulator's
 * answer in real time (so the send's own time limit never runs), then runs the clock on in small
 * steps, which React needs to reveal the lazily loaded toaster (it waits 300 ms on the page's
 * clock). The toast has had at most one step of its 5 s when this returns.
 */
export async function sendUntilToastShown(page: Page, submit: () => Promise<void>, toast: Locator) {
  const answered = page.waitForResponse(
    (response) =>
      response.url().startsWith(E2E_EMULATOR_URL) && response.request().method() === "POST",
  );
  await submit();
  await answered;
  while (!(await toast.isVisible())) await page.clock.runFor(STEP_MS);
}
