/** Runs `task` when the main thread is idle; where requestIdleCallback is missing (WebKit), soon after. */
const IDLE_FALLBACK_MS = 200;

/** `withinMs`: run it by then even if the page has not been idle (requestIdleCallback's timeout). */
export function whenIdle(task: () => void, withinMs?: number): void {
  if (!("requestIdleCallback" in window)) {
    setTimeout(task, Math.min(IDLE_FALLBACK_MS, withinMs ?? IDLE_FALLBACK_MS));
  } else if (withinMs === undefined) window.requestIdleCallback(task);
  else window.requestIdleCallback(task, { timeout: withinMs });
}
