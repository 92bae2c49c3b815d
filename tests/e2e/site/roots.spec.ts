/**
 * The page's React roots: the waitlist form hydrates as a root of its own, before the page's
 * (docs/performance.md); when a signup moves the page to /success, the form's root ends with the
 * element that held it, so nothing of the form (its timers, its listeners) runs on a page that no
 * longer shows it. Counted by a stand-in for React's DevTools hook, which React, in production
 * builds too, tells of every root's commits.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { uniqueEmail } from "../support/guards";
import { UNTIL_TEST_TIMEOUT } from "../support/page-clock";
import { expectSuccessShown } from "../support/tab-records";
import { gotoApp } from "../support/tabs";
import { waitlistForm } from "../support/waitlist-page";

declare global {
  interface Window {
    /** The React roots that show something, kept by `rootsRecorder`. */
    __reactRoots?: Set<unknown>;
  }
}

/** In the page before its scripts: React's DevTools hook, keeping the roots that show something. */
function rootsRecorder() {
  type FiberRoot = { current: { memoizedState?: { element?: unknown } } };
  const live = new Set<FiberRoot>();
  window.__reactRoots = live;
  Object.assign(window, {
    __REACT_DEVTOOLS_GLOBAL_HOOK__: {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE() {},
      onScheduleFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      onCommitFiberRoot(_renderer: number, root: FiberRoot) {
        if (root.current.memoizedState?.element) live.add(root);
        else live.delete(root);
      },
    },
  });
}

const liveRoots = (page: Page) => page.evaluate(() => window.__reactRoots?.size);

test("the form's own root lives beside the page's, and ends when the page moves to /success", async ({
  page,
}) => {
  await page.addInitScript(rootsRecorder);
  await gotoApp(page, "/");
  expect(await liveRoots(page)).toBe(2);
  const { email, submit } = waitlistForm(page);
  await email.fill(uniqueEmail("roots"));
  await submit.click();
  await expectSuccessShown(page);
  await expect.poll(() => liveRoots(page), UNTIL_TEST_TIMEOUT).toBe(1);
});
