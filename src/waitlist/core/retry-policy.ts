/** When a failed send is tried again: docs/behaviour.md, "Launch day", its first point. Pure. */

export type FailureKind = "try-again" | "maybe-delivered" | "refused";

export type Failure = {
  kind: FailureKind;
  /** Waits for the browser to come back online before the next try. */
  offline?: boolean;
  /** A 429: EmailJS's one-a-second slot was taken. */
  throttled?: boolean;
};

/** The least wait, so the SDK's own one-a-second stamp is always past. */
const RETRY_FLOOR_MS = 1000;
/** The first retry's jitter window; each later one doubles it. */
const RETRY_BASE_MS = 1000;
const RETRY_CAP_MS = 30_000;
/** A simulated burst of 60 finishes 20 s sooner with 8 s than with 30 s: freed slots go unused. */
const THROTTLED_RETRY_CAP_MS = 8000;

/** The status of the SDK's EmailJSResponseStatus, or undefined. */
const statusOf = (error: unknown): number | undefined =>
  typeof error === "object" && error && "status" in error && typeof error.status === "number"
    ? error.status
    : undefined;

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
  if (status >= 400) return { kind: "refused" };
  // A 2xx/3xx that the SDK still rejected: do not guess it was delivered.
  return { kind: "maybe-delivered" };
}

/** A try whose request never went out (the bot check gave no token): nothing can have arrived. */
export function classifyUnsent({ online }: { online: boolean }): Failure {
  return online ? { kind: "refused" } : { kind: "try-again", offline: true };
}

/** The wait before retry `retry` (0: the first): the floor plus full jitter in a capped window. */
export function retryDelay(retry: number, failure: Failure, random: () => number): number {
  const cap = failure.throttled ? THROTTLED_RETRY_CAP_MS : RETRY_CAP_MS;
  const window = Math.min(cap - RETRY_FLOOR_MS, RETRY_BASE_MS * 2 ** retry);
  return RETRY_FLOOR_MS + Math.floor(random() * window);
}
