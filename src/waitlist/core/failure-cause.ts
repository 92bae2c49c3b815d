/** The `cause` of "Signup Failed" (docs/analytics.md), from the failed delivery's error. Pure. */

const BOT_CHECK_REASONS = ["blocked", "closed", "expired", "error", "silent"] as const;

/**
 * Every cause, and no other: the words "Signup Failed" may carry, which the hosts' event proxy
 * forwards and no other (scripts/build/event-proxy/event-props.ts).
 */
export const FAILURE_CAUSES = [
  "throttled",
  "quota-spent",
  "outage",
  "origin-refused",
  "non-browser-refused",
  "blocklisted",
  "headless",
  "invalid-ids",
  "missing-ids",
  "bot-check-refused",
  ...BOT_CHECK_REASONS.map((reason) => `bot-check-${reason}` as const),
  "time-limit",
  "offline",
  "no-answer",
  "other",
] as const;

export type FailureCause = (typeof FAILURE_CAUSES)[number];

export function failureCause(error: unknown, { online }: { online: boolean }): FailureCause {
  // The SDK refuses a missing public key, service or template id with a string.
  if (typeof error === "string") return "missing-ids";
  if (!error || typeof error !== "object") return "other";
  if (error instanceof Error && error.name === "SendTimeoutError") return "time-limit";
  if (error instanceof Error && error.name === "BotCheckUnavailableError") {
    const { reason } = error as Error & { reason?: string };
    return `bot-check-${BOT_CHECK_REASONS.find((known) => known === reason) ?? "error"}`;
  }
  const { status, text: said } = error as { status?: unknown; text?: unknown };
  if (typeof status !== "number" || status === 0) return online ? "no-answer" : "offline";
  const text = typeof said === "string" ? said.toLowerCase() : "";
  if (status === 429) return "throttled";
  // 402: the emulator's status for a spent quota; EmailJS documents none, so its text is read too.
  if (status === 402 || text.includes("quota")) return "quota-spent";
  if (status >= 500) return "outage";
  if (status === 451) return "headless";
  if (status === 403) {
    if (text.includes("non-browser")) return "non-browser-refused";
    if (text.includes("origin")) return "origin-refused";
    return "blocklisted";
  }
  if (status === 400 && text.includes("recaptcha")) return "bot-check-refused";
  if (status === 400) return "invalid-ids";
  return "other";
}
