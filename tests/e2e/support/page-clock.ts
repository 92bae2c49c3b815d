/**
 * The product's own timers (the toast's 5 s, the send time limit, the retry backoff and budget, the
 * "still sending" note, animation frames, idle callbacks) on Playwright's clock, so a test moves
 * time itself instead of racing a stopwatch: a duration is then asserted exactly, and a wait the
 * product makes takes no real time.
 */
import type { Page } from "@playwright/test";

/** Where the page's fake clock starts: any fixed date; the product only reads differences. */
const FAKE_START = Date.UTC(2026, 0, 1);
/**
 * How far `pauseClock` moves time before it stops it: longer than the install takes to reach the
 * page on a busy machine (the clock runs meanwhile, and cannot stop in its own past). A timer the
 * page queued by then runs; no timer of a test's scenario is queued yet.
 */
const SETTLE_MS = 60_000;

/**
 * Stops the page's clock: from here on a timer the page sets runs only when the test moves time
 * with `page.clock.runFor` (or `runClockUntil`), or after `page.clock.resume()`.
 *
 * Call it once the app has hydrated (the fixture's `goto` waits for that), never before `goto`:
 * React's scheduler keeps the real timers it took at start-up, so renders, Suspense and hydration
 * still run while the clock stands; installed before the page loads, React would take the fake ones
 * and wait for the test to move time. For the same reason a test that stopped the clock does not
 * load a page again (`goto`, `reload`) afterwards: the moves within the app (to /success) are fine.
 */
export async function pauseClock(page: Page): Promise<void> {
  await page.clock.install({ time: FAKE_START });
  await page.clock.pauseAt(FAKE_START + SETTLE_MS);
}

/**
 * Moves a stopped clock on in steps of `stepMs` until `reached()` holds, and returns how far it
 * moved it. Before each step it awaits `beforeStep()`: a send awaiting its answer takes real network
 * time, and must not see page time race by at the speed of the test's loop meanwhile (see
 * `watchSends`' `answered`). Fails once `withinMs` of page time have passed without `reached()`: a
 * bound on the product, not a real wait.
 */
export async function runClockUntil(
  page: Page,
  reached: () => boolean | Promise<boolean>,
  {
    withinMs,
    stepMs = 100,
    beforeStep = async () => {},
  }: { withinMs: number; stepMs?: number; beforeStep?: () => Promise<void> },
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
