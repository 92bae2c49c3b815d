/**
 * Each tab's own record of the toasts it showed: what a toast said, on which paths it was seen open
 * and visible, and when it appeared and closed by the page's own clock (Playwright's, where the test
 * installed one). A test that checks several tabs, or checks late, reads what each tab showed
 * instead of racing the toast's 5 s: a check made after a toast closed by itself still sees it.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { literally } from "./copy";
import { expect } from "./fixtures";
import { UNTIL_TEST_TIMEOUT } from "./page-clock";
import { pageRecord } from "./page-record";
import { TOASTS_RECORD, type ToastShown, toastRecorder } from "./recorders";
import { waitlistForm } from "./waitlist-page";
import {
  FAILURE_TEXT,
  FAILURE_TITLE,
  JOIN,
  SUCCESS_HEADING,
  SUCCESS_TEXT,
  SUCCESS_TITLE,
} from "./words";

/**
 * Arms the toast recorder alone in `target`, from the first byte of every document: the kit's
 * fixture already arms it in the test's own context (recorders.ts), so only a page or context the
 * test made itself needs it.
 */
export async function recordToasts(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(toastRecorder, TOASTS_RECORD);
}

/** What `page` has recorded so far; throws at once where the recorder was not armed. */
export async function toastsShown(page: Page): Promise<ToastShown[]> {
  return (await pageRecord<{ toasts: ToastShown[] }>(page, TOASTS_RECORD)).toasts;
}

/** Whether `page` showed a toast whose text matches `text` while it was on `path`. */
export async function toastShownOn(page: Page, path: string, text: RegExp): Promise<boolean> {
  return (await toastsShown(page)).some(
    (toast) => toast.seenOn.includes(path) && text.test(toast.text),
  );
}

/** A toast as the record keeps it: its title, then its text. */
const toastOf = (title: string, text: string) =>
  new RegExp(`^${literally(title)}\\s*${literally(text)}$`);

/** The toast a delivered signup shows, kept open across the move to /success. */
export const REDIRECTING = toastOf(SUCCESS_TITLE, SUCCESS_TEXT);

/** The toast a failed signup shows. */
export const FAILURE_SHOWN = toastOf(FAILURE_TITLE, FAILURE_TEXT);

/**
 * A failed signup as the visitor sees it: Submission failed shown on / (from the page's record: the
 * send and the toaster's first load take as long as the machine makes them, and the toast closes by
 * itself after 5 s), the address kept, the button usable again.
 */
export async function expectFailureShown(page: Page, address: string): Promise<void> {
  const { email, submit } = waitlistForm(page);
  await expect.poll(() => toastShownOn(page, "/", FAILURE_SHOWN), UNTIL_TEST_TIMEOUT).toBe(true);
  await expect(page).toHaveURL(/\/$/);
  await expect(email).toHaveValue(address);
  await expect(submit).toHaveText(JOIN);
  await expect(submit).toBeEnabled();
}

/**
 * A signup's end as each tab showed it: /success, its heading, and the Redirecting... toast seen
 * open there. The move is awaited with no limit of its own (the app's start, the SDK's import and
 * the send scale with the CPU: the test's budget bounds it); the toast is read from the tab's own
 * record, so a tab checked after its toast's 5 s still counts, and tabs are checked together.
 */
export async function expectSuccessShown(...tabs: Page[]): Promise<void> {
  await Promise.all(
    tabs.map(async (tab) => {
      await expect(tab).toHaveURL(/\/success$/, UNTIL_TEST_TIMEOUT);
      await expect(tab.getByRole("heading", { name: SUCCESS_HEADING })).toBeVisible();
      await expect
        .poll(() => toastShownOn(tab, "/success", REDIRECTING), UNTIL_TEST_TIMEOUT)
        .toBe(true);
    }),
  );
}
