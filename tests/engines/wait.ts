/** Polling for the engine tests: what Playwright's auto-waiting does, for drivers without it. */
import { setTimeout as sleep } from "node:timers/promises";

/** Generous: two cores shared by several test runs make every engine slow at times. */
const WAIT_TIMEOUT_MS = 15_000;
const POLL_INTERVAL_MS = 100;

/** Resolves once `condition` is true; throws `waiting for <what>` (and the last error) on time-out. */
export async function waitFor(
  condition: () => Promise<boolean>,
  what: string,
  timeout = WAIT_TIMEOUT_MS,
): Promise<void> {
  const deadline = Date.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      if (await condition()) return;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : "";
      throw new Error(`timed out after ${timeout} ms waiting for ${what}${cause}`);
    }
    await sleep(POLL_INTERVAL_MS);
  }
}

/** Rejects with `<what> took longer than <ms> ms` when `work` has not settled by then. */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
