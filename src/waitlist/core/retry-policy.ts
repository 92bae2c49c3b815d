/**
 * When a failed send is tried again, and when the visitor is told instead: the rule is
 * docs/behaviour.md, "Launch day" ("Tried again for the visitor"); this file applies it and names
 * its three kinds ("try-again", "maybe-delivered", "refused"). Pure: the error, whether the browser
 * is online and a random number in [0, 1) are passed in.
 */

export type FailureKind = "try-again" | "maybe-delivered" | "refused";

export type Failure = {
  kind: FailureKind;
  /** Waits for the browser to come back online before the next try. */
  offline?: boolean;
  /** Rate-limited: EmailJS's one-a-second slot was taken, and comes back within a second. */
  throttled?: boolean;
};

/** How long the next try waits at least: the SDK's own one-a-second stamp is then always past. */
const RETRY_FLOOR_MS = 1000;
/** The first retry waits RETRY_FLOOR_MS plus up to this; each later one doubles it. */
const RETRY_BASE_MS = 1000;
/** The longest wait between tries. */
const RETRY_CAP_MS = 30_000;
/**
 * The longest wait after a 429: slots come back every second, so waiting longer only leaves them
 * unused while a crowd waits (a simulated burst of 60 finishes 20 s sooner with 8 s than with 30 s).
 */
const THROTTLED_RETRY_CAP_MS = 8000;

/** A status and text the EmailJS SDK rejects with (its EmailJSResponseStatus), or anything else. */
function statusOf(error: unknown): number | undefined {
  if (error && typeof error === "object" && "status" in error) {
    const { status } = error as { status: unknown };
    if (typeof status === "number") return status;
  }
  return undefined;
}

export function classifyFailure(
  error: unknown,
  { online, timedOut = false }: { online: boolean; timedOut?: boolean },
): Failure {
  if (timedOut) return { kind: "maybe-delivered" };
  const status = statusOf(error);
  // fetch failed (TypeError), or the SDK's status 0 "Network Error": no answer came back.
  if (status === undefined || status === 0) {
    // A string is the SDK refusing a missing public key, service or template id.
    if (typeof error === "string") return { kind: "refused" };
    return online ? { kind: "maybe-delivered" } : { kind: "try-again", offline: true };
  }
  if (status === 429) return { kind: "try-again", throttled: true };
  if (status === 503) return { kind: "try-again" };
  if (status >= 500) return { kind: "maybe-delivered" };
  // Any other 4xx: ours or the SDK's own refusals (403 blocklisted, 451 headless), a spent quota.
  if (status >= 400) return { kind: "refused" };
  // A 2xx/3xx that the SDK still rejected: do not guess it was delivered.
  return { kind: "maybe-delivered" };
}

/**
 * A try whose request never went out, as what it needed first could not be had (the bot check gave
 * no token): nothing can have arrived. Offline, it is tried again once the browser is back; otherwise
 * the visitor is told, with the address kept.
 */
export function classifyUnsent({ online }: { online: boolean }): Failure {
  return online ? { kind: "refused" } : { kind: "try-again", offline: true };
}

/**
 * The wait before try number `retry` + 1 (`retry` = 0 for the first retry): RETRY_FLOOR_MS plus a
 * uniformly random share of an exponentially growing window (full jitter), the window capped. The
 * SDK hides the answer's headers, and EmailJS documents no Retry-After: the floor keeps its one
 * request a second.
 */
export function retryDelay(retry: number, failure: Failure, random: () => number): number {
  const cap = failure.throttled ? THROTTLED_RETRY_CAP_MS : RETRY_CAP_MS;
  const window = Math.min(cap - RETRY_FLOOR_MS, RETRY_BASE_MS * 2 ** retry);
  return RETRY_FLOOR_MS + Math.floor(random() * window);
}
