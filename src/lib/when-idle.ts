/** Runs `task` when the main thread is idle; where requestIdleCallback is missing (WebKit), soon after. */
const IDLE_FALLBACK_MS = 200;

export function whenIdle(task: () => void): void {
  if ("requestIdleCallback" in window) window.requestIdleCallback(task);
  else setTimeout(task, IDLE_FALLBACK_MS);
}
