import type { Page } from "@playwright/test";

/** Where the page's clock starts: any fixed moment will do. */
const CLOCK_START = new Date("2026-01-05T09:00:00Z");

/**
 * Opens `path` as on a machine where the app starts in time: Playwright's clock stands still while
 * the page loads and the app starts, so the app finds itself well within the 4 s after which the
 * cards' CSS fail-safe shows them anyway (src/components/reveal-on-scroll.ts), however busy the
 * machine is; then time runs on. Without it, a start slower than 4 s rightly leaves every card
 * shown, and a test of the reveal would judge the machine's speed.
 */
export async function gotoWithTheAppInTime(page: Page, path: string) {
  await page.clock.install({ time: CLOCK_START });
  await page.clock.pauseAt(CLOCK_START.getTime() + 1);
  await page.goto(path);
  await page.clock.resume();
}
