/**
 * Why a signup failed, in a word the operator reads in the field signals ("Signup Failed", its
 * `cause`; docs/analytics.md): from the error the delivery ended with, never from the address.
 * Pure: the error and whether the browser is online are passed in.
 */

export type FailureCause =
  | "throttled"
  | "quota-spent"
  | "outage"
  | "origin-refused"
  | "non-browser-refused"
  | "blocklisted"
  | "headless"
  | "invalid-ids"
  | "missing-ids"
  | "bot-check-refused"
  | "time-limit"
  | "offline"
  | "no-answer"
  | `bot-check-${"blocked" | "closed" | "expired" | "error" | "silent"}`
  | "other";

/**
 * The status the emulator answers once the plan's quota is spent (EmailJS documents none; its text
 * names the quota, which is also read).
 */
const QUOTA_STATUS = 402;

const statusOf = (error: object): number | undefined =>
  "status" in error && typeof error.status === "number" ? error.status : undefined;

const textOf = (error: object): string =>
  "text" in error && typeof error.text === "string" ? error.text : "";

export function failureCause(error: unknown, { online }: { online: boolean }): FailureCause {
  // The SDK refuses a missing public key, service or template id with a string.
  if (typeof error === "string") return "missing-ids";
  if (!error || typeof error !== "object") return "other";
  if (error instanceof Error && error.name === "SendTimeoutError") return "time-limit";
  if (error instanceof Error && error.name === "BotCheckUnavailableError") {
    const reason = (error as Error & { reason?: string }).reason;
    if (
      reason === "blocked" ||
      reason === "closed" ||
      reason === "expired" ||
      reason === "error" ||
      reason === "silent"
    ) {
      return `bot-check-${reason}`;
    }
    return "bot-check-error";
  }
  const status = statusOf(error);
  if (status === undefined || status === 0) return online ? "no-answer" : "offline";
  const text = textOf(error).toLowerCase();
  if (status === 429) return "throttled";
  if (status === QUOTA_STATUS || text.includes("quota")) return "quota-spent";
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
