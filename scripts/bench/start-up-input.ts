/**
 * An input during start-up, answered or not: in Chromium at 4x CPU (phone-page.ts), the bench taps
 * the form's email field and types a letter at first contentful paint + 0, 250, 500 and 1,000 ms,
 * and reads, with the Event Timing API (`PerformanceEventTiming`), how long each event took from
 * the input to the next paint: what INP counts, the input's wait for a busy main thread included.
 * The same on the site and on the floors, in the same rounds (floor-runs.ts); judged by the
 * longest (scripts/bench/budgets.ts). Used by scripts/bench/floor-runs.ts.
 */
import type { CDPSession } from "@playwright/test";
import { onSlowPhonePage } from "./phone-page";

/** When the visitor taps and types, after first contentful paint. */
export const INPUT_MOMENTS_MS = [0, 250, 500, 1000];

/** The longest event-to-next-paint of the inputs at each moment (0: every event under 16 ms). */
export type StartUpInput = { fcp: number; longest: number; byMoment: number[] };

const RESULT = "__benchStartUpInput";
const FIELD = 'form input[type="email"]';
/** Event Timing's least threshold: shorter events are not reported. */
const DURATION_THRESHOLD_MS = 16;

/**
 * Runs in the page before its own scripts: records every event Event Timing reports (from the
 * input's time to the next paint), and leaves a promise of FCP with the page's time at which it
 * was known, so the bench can place its inputs from it. Source text, as in form-live.ts.
 */
const WATCH_EVENTS = `(() => {
  const events = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      events.push({ name: entry.name, start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: "event", durationThreshold: ${DURATION_THRESHOLD_MS}, buffered: true });
  const fcp = new Promise((resolve) => {
    new PerformanceObserver((list) => {
      const entry = list.getEntriesByName("first-contentful-paint")[0];
      if (entry) resolve({ fcp: entry.startTime, now: performance.now() });
    }).observe({ type: "paint", buffered: true });
  });
  window.${RESULT} = { events, fcp };
})();`;

/** Resolves once every event so far has had its next paint, and Event Timing has reported it. */
const SETTLED = `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve(window.${RESULT}.events), 100))))`;

async function evaluate<T>(cdp: CDPSession, expression: string): Promise<T> {
  const { result, exceptionDetails } = await cdp.send("Runtime.evaluate", {
    expression,
    awaitPromise: true,
    returnByValue: true,
  });
  if (exceptionDetails) throw new Error(`start-up input: ${exceptionDetails.text}`);
  return result.value as T;
}

const pause = (ms: number) => new Promise((resume) => setTimeout(resume, Math.max(0, ms)));

/** A tap on the field (a mouse's press and release: a phone's tap, as Chromium's events see it) and a letter typed. */
function tapAndType(cdp: CDPSession, { x, y }: { x: number; y: number }): Promise<unknown> {
  const mouse = (type: "mousePressed" | "mouseReleased") =>
    cdp.send("Input.dispatchMouseEvent", { type, x, y, button: "left", clickCount: 1 });
  const key = (type: "keyDown" | "keyUp") =>
    cdp.send("Input.dispatchKeyEvent", {
      type,
      key: "a",
      code: "KeyA",
      windowsVirtualKeyCode: 65,
      ...(type === "keyDown" ? { text: "a" } : {}),
    });
  // Sent at once, not one after the other's answer: the browser queues them as it would a
  // visitor's, however busy the page's main thread.
  return Promise.all([mouse("mousePressed"), mouse("mouseReleased"), key("keyDown"), key("keyUp")]);
}

/** Where the field is on a phone's screen: one load without the slowdown, before the runs. */
export function fieldCenter(url: string): Promise<{ x: number; y: number }> {
  return onSlowPhonePage(async ({ page, cdp }) => {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await page.goto(url);
    const box = await page.locator(FIELD).boundingBox();
    if (!box) throw new Error(`start-up input: no email field on ${url}`);
    const viewport = page.viewportSize();
    if (viewport && box.y + box.height / 2 > viewport.height) {
      throw new Error(`start-up input: the field on ${url} is below the first screen`);
    }
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  });
}

/** One load of `url` at 4x CPU with the inputs at INPUT_MOMENTS_MS after FCP. */
export function startUpInputOnce(url: string, field: { x: number; y: number }) {
  return onSlowPhonePage(async ({ page, cdp }): Promise<StartUpInput> => {
    await page.addInitScript(WATCH_EVENTS);
    await page.goto(url, { waitUntil: "commit" });
    let known: { fcp: number; now: number } | null = null;
    while (!known) {
      known = await evaluate(cdp, `window.${RESULT} ? window.${RESULT}.fcp : null`);
      if (!known) await pause(10);
    }
    const { fcp, now } = known;
    const sinceFcp = now - fcp;
    const knownAt = Date.now();
    const sent: Promise<unknown>[] = [];
    for (const moment of INPUT_MOMENTS_MS) {
      await pause(moment - sinceFcp - (Date.now() - knownAt));
      sent.push(tapAndType(cdp, field));
    }
    await Promise.all(sent);
    const events = await evaluate<{ name: string; start: number; duration: number }[]>(
      cdp,
      SETTLED,
    );
    // Each moment's events: those that started between it and the next moment.
    const bounds = [...INPUT_MOMENTS_MS.map((moment) => fcp + moment), Number.POSITIVE_INFINITY];
    const byMoment = INPUT_MOMENTS_MS.map((_, index) =>
      Math.max(
        0,
        ...events
          .filter(
            (event) =>
              event.start >= (bounds[index] ?? 0) - 1 && event.start < (bounds[index + 1] ?? 0) - 1,
          )
          .map((event) => event.duration),
      ),
    );
    return { fcp, longest: Math.max(...byMoment), byMoment };
  });
}
