/**
 * Opening the site as a visitor's first click needs it: a page or tab is ready once its app is live
 * (hydrated), not at `load` (the app starts after the first paint, so after `load`). A test opens
 * and reloads the app with `gotoApp` and `reloadApp`; a bare `goto` with a `waitUntil` is for a page
 * the test opens before its app is live (a script held, a visitor faster than the app), and
 * scripts/quality/e2e-navigation.test.ts fails on any other bare `goto` or `reload` in a spec.
 */
import type { BrowserContext, Page, Response } from "@playwright/test";

/**
 * Resolves once the app is live (it sets data-hydrated on <html> once hydrated): `gotoApp` and
 * `reloadApp` wait for it; a navigation they do not make (a held script released, Back and
 * Forward, a link followed) awaits it by hand.
 */
export async function appLive(page: Page) {
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
}

/** Opens `path` in `tab` and resolves once its app is live; returns the document's response. */
export async function gotoApp(tab: Page, path = "/"): Promise<Response | null> {
  const response = await tab.goto(path);
  await appLive(tab);
  return response;
}

/** Reloads `tab` and resolves once its app is live again; returns the document's response. */
export async function reloadApp(tab: Page): Promise<Response | null> {
  const response = await tab.reload();
  await appLive(tab);
  return response;
}

/** Opens another tab of `context` at `path`, once its app is live (the `openTab` fixture's, for any context). */
export async function openTabIn(context: BrowserContext, path = "/"): Promise<Page> {
  const tab = await context.newPage();
  await gotoApp(tab, path);
  return tab;
}

/**
 * Resolves once the app has run what it puts off until the page is idle (the check for a pending
 * signup an earlier page left, the preloads) and rendered what that changed: the signal a check
 * that nothing appeared waits for. Called after hydration (`gotoApp` and `reloadApp` wait for it),
 * when the app's own idle tasks are already queued: the browser runs idle callbacks in order, and a
 * render they set off, an ordinary task, before the next idle callback.
 */
export async function appIdle(page: Page) {
  for (let pass = 0; pass < 2; pass++) {
    await page.evaluate(() => new Promise((idle) => requestIdleCallback(() => idle(null))));
  }
}

/** Set by the app once its idle preloads (the email SDK, the toaster) have settled: a mark, not words. */
export const PRELOADED_MARK = "bulwark:preloaded";
