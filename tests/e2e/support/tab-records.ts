/**
 * Each tab's own record of the toasts it showed: what a toast said, on which paths it was seen open
 * and visible, and when it appeared and closed by the page's own clock (Playwright's, where the test
 * installed one). A test that checks several tabs, or checks late, reads what each tab showed
 * instead of racing the toast's 5 s: a check made after a toast closed by itself still sees it.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { expect, UNTIL_TEST_TIMEOUT, waitlistForm } from "./fixtures";

export type ToastShown = {
  /** The toast's text, whitespace collapsed: title and description. */
  text: string;
  /** The page's clock (performance.now()) when it was first seen open, and when it closed. */
  shownAt: number;
  closedAt?: number;
  /** Each path the tab was on while the toast was open and visible, in order. */
  seenOn: string[];
};

type Recorder = { toasts: ToastShown[] };
const RECORDER = "__tabToasts";

/**
 * From the first byte of every document in `target` (a page, or a whole context so tabs it opens
 * later record too), records each toast. Call before the page's first navigation.
 */
export async function recordToasts(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript((name) => {
    const record: Recorder = { toasts: [] };
    Object.assign(window, { [name]: record });
    const open = new Map<Element, ToastShown>();
    const look = () => {
      const now = performance.now();
      const items = document.querySelectorAll('[role="region"][aria-label^="Notifications"] li');
      for (const [item, entry] of open) {
        if (!item.isConnected || item.getAttribute("data-state") !== "open") {
          entry.closedAt = now;
          open.delete(item);
        }
      }
      for (const item of items) {
        if (item.getAttribute("data-state") !== "open" || !item.checkVisibility()) continue;
        let entry = open.get(item);
        if (!entry) {
          entry = { text: "", shownAt: now, seenOn: [] };
          open.set(item, entry);
          record.toasts.push(entry);
        }
        entry.text = (item.textContent ?? "").replace(/\s+/g, " ").trim();
        if (entry.seenOn.at(-1) !== location.pathname) entry.seenOn.push(location.pathname);
      }
    };
    new MutationObserver(look).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  }, RECORDER);
}

/** What `page` has recorded so far (recordToasts must have been called before it loaded). */
export function toastsShown(page: Page): Promise<ToastShown[]> {
  return page.evaluate(
    (name) => (window as unknown as Record<string, Recorder>)[name]?.toasts ?? [],
    RECORDER,
  );
}

/** Whether `page` showed a toast whose text matches `text` while it was on `path`. */
export async function toastShownOn(page: Page, path: string, text: RegExp): Promise<boolean> {
  return (await toastsShown(page)).some(
    (toast) => toast.seenOn.includes(path) && text.test(toast.text),
  );
}

/** The toast a delivered signup shows, kept open across the move to /success. */
export const REDIRECTING = /^Redirecting\.\.\.\s*Taking you to confirmation page$/;

/** The toast a failed signup shows, as the record keeps it: title, then text. */
export const FAILURE_SHOWN =
  /^Submission failed\s*There was a problem submitting your request\. Please try again\.$/;

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
  await expect(submit).toHaveText("Join Waitlist");
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
      await expect(tab.getByRole("heading", { name: "Thank You!" })).toBeVisible();
      await expect
        .poll(() => toastShownOn(tab, "/success", REDIRECTING), UNTIL_TEST_TIMEOUT)
        .toBe(true);
    }),
  );
}
