/**
 * The product's own timers (the toast's 5 s, the send time limit, the retry backoff and budget, the
 * "still sending" note, the cards' fail-safe, animation frames, idle callbacks) on Playwright's
 * clock, so a test moves time itself instead of racing a stopwatch: a duration is then asserted
 * exactly, and a wait the product makes takes no real time. Two ways to stop it, by when the test
 * needs time to stand still: from the first byte (`pauseClockBeforeLoad`), or once the app has
 * started (`installClock` before `gotoApp`, then `pauseClock`). Either way the clock is installed
 * before the page loads, as Playwright's clock guide asks. Work that takes real time is awaited with
 * `UNTIL_TEST_TIMEOUT` instead.
 */
import type { Locator, Page } from "@playwright/test";
import { gotoApp } from "./tabs";

/**
 * For a wait on work that takes as long as the machine makes it (a send and its answer, the
 * toaster's first load, the announcement): no limit of its own, only the test's timeout, so a busy
 * machine is slow, not failed. A wait the product bounds by its own timer is driven on the page's
 * clock instead (below).
 */
export const UNTIL_TEST_TIMEOUT = { timeout: 0 };

/** Where the page's fake clock starts: any fixed moment; the product only reads differences. */
export const CLOCK_START = Date.UTC(2026, 0, 5, 9);

/**
 * How far `pauseClock` moves time before it stops it: longer than the page's load and the app's
 * start take on a busy machine (the clock runs at real pace meanwhile, and cannot stop in its own
 * past). What the page queued while it loaded (its idle work, the preloads) runs in that move; no
 * timer of a test's scenario is queued yet.
 */
const SETTLE_MS = 60_000;
/** How long a page's clock may run, unloaded, between its install and its pause before load. */
const BEFORE_PAUSE_MS = 60_000;

/** The pages whose clock installClock installed before they loaded. */
const installedBeforeLoad = new WeakSet<Page>();

/**
 * Installs Playwright's clock in `page` before its first navigation, as Playwright's clock guide
 * asks (install before any other clock call; anything else is undefined behaviour). Time runs at
 * its real pace until the test stops it (`pauseClock`, after `gotoApp`).
 *
 * React's scheduler: installed before load, the page's React takes the fake `setTimeout` and
 * `performance.now` at start-up. Its renders do not wait on them (it schedules its work loop with
 * a MessageChannel, which the clock leaves alone), so a render, a state change or the toaster's
 * lazy part still shows while the clock stands; only what React itself puts off by a timer (a
 * Suspense boundary's fallback throttle) waits for the test to move time, which `runClockUntil`
 * does. That is why a wait on the toaster's first load moves time (`runClockUntil` with no
 * `withinMs`) rather than waiting with the clock stopped, and why a test that stopped the clock does
 * not load a page again (`goto`, `reload`) without resuming it: the moves within the app (to
 * /success) are fine. A first toast is awaited with `runClockUntilShown`: awaited with the clock
 * stopped instead, the first toast of form-focus.spec.ts and waitlist.spec.ts never showed.
 */
export async function installClock(page: Page): Promise<void> {
  await page.clock.install({ time: CLOCK_START });
  installedBeforeLoad.add(page);
}

/**
 * Stops the page's clock once the app has started (after `gotoApp`, which waits for hydration): from
 * here on a timer the page sets runs only when the test moves time (`page.clock.runFor`,
 * `runClockUntil`), or after `page.clock.resume()`. The clock must have been installed before the
 * page loaded (`installClock`).
 */
export async function pauseClock(page: Page): Promise<void> {
  if (!installedBeforeLoad.has(page)) {
    // Kept for the a11y specs that still stop the clock of a page they loaded without it: the
    // install comes after navigation there, which Playwright's guide leaves undefined.
    await page.clock.install({ time: CLOCK_START });
  }
  await page.clock.pauseAt(CLOCK_START + SETTLE_MS);
}

/**
 * Stops the clock of every page `page` loads from its first byte: what happens before the app has
 * started (a submit kept, the preloads, the first idle callbacks) runs only as the test moves time,
 * React's own waits included, so the test moves it (or resumes it) once it has set its scene.
 * `offsetMs` sets this page's clock that far off the others', as a clock set wrong or jumped would be.
 */
export async function pauseClockBeforeLoad(page: Page, offsetMs = 0): Promise<void> {
  const pausedAt = CLOCK_START + offsetMs + 1000;
  // Installed a minute early: its time runs at the real pace until the pause, and on a starved
  // machine more than a second can pass between the two calls, which would put the pause in the
  // past (Playwright refuses it). Nothing has loaded yet to see the minute go.
  await page.clock.install({ time: pausedAt - BEFORE_PAUSE_MS });
  await page.clock.pauseAt(pausedAt);
}

/**
 * Opens `path` as on a machine where the app starts in time: the clock stands still while the page
 * loads and the app starts, so the app finds itself well within the 4 s after which the cards' CSS
 * fail-safe shows them anyway (src/components/reveal-on-scroll.ts), however busy the machine is;
 * then time runs on. Without it, a start slower than 4 s rightly leaves every card shown, and a test
 * of the reveal would judge the machine's speed.
 */
export async function gotoWithTheAppInTime(page: Page, path: string): Promise<void> {
  await pauseClockBeforeLoad(page);
  await gotoApp(page, path);
  await page.clock.resume();
}

/** How far `runClockUntil` moves a stopped clock at a time, unless told. */
export const CLOCK_STEP_MS = 100;

/**
 * Moves a stopped clock on in steps of `stepMs` until `reached()` holds, and returns how far it
 * moved it. Before each step it awaits `beforeStep()`: a request awaiting its answer takes real network
 * time, and must not see page time race by at the speed of the test's loop meanwhile (see
 * `watchRequests`' `answered`). Fails once `withinMs` of page time have passed without `reached()`: a
 * bound on the product, not a real wait. Without `withinMs`, only the test's budget bounds it: for
 * a wait on work that takes real time, such as a lazily loaded part's first load.
 */
export async function runClockUntil(
  page: Page,
  reached: () => boolean | Promise<boolean>,
  {
    withinMs = Infinity,
    stepMs = CLOCK_STEP_MS,
    beforeStep = async () => {},
  }: { withinMs?: number; stepMs?: number; beforeStep?: () => Promise<void> } = {},
): Promise<number> {
  let moved = 0;
  for (;;) {
    await beforeStep();
    if (await reached()) return moved;
    if (moved >= withinMs) throw new Error(`not reached within ${withinMs} ms of page time`);
    await page.clock.runFor(stepMs);
    moved += stepMs;
  }
}

/**
 * Moves a stopped clock on, in 10 ms steps, until `shown` is visible: the way to wait for the first
 * toast (or any lazily loaded part) of a page whose clock was installed before it loaded, since React
 * reveals a part that suspended after a timer of its own (installClock), which stands with the
 * clock. The steps are short so that the toast's own 5 s has barely begun when it returns.
 */
export async function runClockUntilShown(page: Page, shown: Locator): Promise<void> {
  await runClockUntil(page, () => shown.isVisible(), { stepMs: 10 });
}

/**
 * Resolves once the page has run the tasks it had queued (React queues its renders as messages):
 * after `runFor`, what a timer that fired set off is on screen, so a check that it is not there yet
 * can fail.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => done();
        channel.port2.postMessage(null);
      }),
  );
}
