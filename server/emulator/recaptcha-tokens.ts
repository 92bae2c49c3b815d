/**
 * The emulator's stand-in for Google's reCAPTCHA verification: it issues tokens (to the stand-in
 * script a test build loads in place of Google's) and redeems each once, as Google's siteverify
 * does for EmailJS. Tokens expire after two minutes, as Google's do.
 */
import { randomUUID } from "node:crypto";

/** Google's tokens are valid for two minutes. */
export const RECAPTCHA_TOKEN_LIFETIME_MS = 120_000;

export type TokenVerdict = "valid" | "unknown" | "used" | "expired";

export type RecaptchaTokens = {
  /** A fresh token, as the stand-in script hands the page after a (passed) challenge. */
  issue(): string;
  /** Redeems `token` once: only an issued, unused, unexpired token is valid, and only the first time. */
  redeem(token: string): TokenVerdict;
};

export function createRecaptchaTokens(now: () => number = Date.now): RecaptchaTokens {
  const issued = new Map<string, number>();
  const used = new Set<string>();
  return {
    issue() {
      const token = `stand-in-${randomUUID()}`;
      issued.set(token, now());
      return token;
    },
    redeem(token) {
      if (used.has(token)) return "used";
      const at = issued.get(token);
      if (at === undefined) return "unknown";
      issued.delete(token);
      used.add(token);
      return now() - at > RECAPTCHA_TOKEN_LIFETIME_MS ? "expired" : "valid";
    },
  };
}
