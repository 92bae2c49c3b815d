/**
 * The emulator's stand-in for Google's reCAPTCHA verification: it issues tokens (to the stand-in
 * script a test build loads in place of Google's) and redeems each once, as Google's siteverify
 * does for EmailJS. Tokens expire after two minutes, as Google's do. Anyone on this machine can ask
 * for tokens, so what it remembers is bounded: each set holds at most a fixed number of tokens (the
 * oldest dropped first) and forgets a token two minutes after it could last have been valid.
 */
import { randomUUID } from "node:crypto";

/** Google's tokens are valid for two minutes. */
export const RECAPTCHA_TOKEN_LIFETIME_MS = 120_000;

/**
 * How many unredeemed tokens, and how many spent ones, are remembered: far more than a test run or
 * a person asks for within two minutes, and a few hundred kilobytes at most.
 */
export const MAX_REMEMBERED_TOKENS = 1000;

export type TokenVerdict = "valid" | "unknown" | "used" | "expired";

export type RecaptchaTokens = {
  /** A fresh token, as the stand-in script hands the page after a (passed) challenge. */
  issue(): string;
  /**
   * Redeems `token` once: only an issued, unused, unexpired token is valid, and only the first
   * time. A token forgotten (dropped as the oldest, or long expired) is unknown.
   */
  redeem(token: string): TokenVerdict;
};

/**
 * A set of tokens by the time they were issued or spent, oldest first, that keeps at most
 * `max` and forgets a token once it is `lifetimeMs` old.
 */
function boundedTokens(now: () => number, max: number, lifetimeMs: number) {
  const times = new Map<string, number>();
  const prune = () => {
    for (const [token, at] of times) {
      if (now() - at <= lifetimeMs) break;
      times.delete(token);
    }
  };
  return {
    times,
    prune,
    add(token: string) {
      prune();
      times.delete(token);
      times.set(token, now());
      for (const [oldest] of times) {
        if (times.size <= max) break;
        times.delete(oldest);
      }
    },
  };
}

export function createRecaptchaTokens(
  now: () => number = Date.now,
  max: number = MAX_REMEMBERED_TOKENS,
): RecaptchaTokens {
  // An issued token is kept for one lifetime past its expiry, so redeeming it late still says
  // "expired" (Google's timeout-or-duplicate) rather than "unknown"; a spent one for a lifetime.
  const issued = boundedTokens(now, max, 2 * RECAPTCHA_TOKEN_LIFETIME_MS);
  const spent = boundedTokens(now, max, RECAPTCHA_TOKEN_LIFETIME_MS);
  return {
    issue() {
      const token = `stand-in-${randomUUID()}`;
      issued.add(token);
      spent.prune();
      return token;
    },
    redeem(token) {
      issued.prune();
      spent.prune();
      if (spent.times.has(token)) return "used";
      const at = issued.times.get(token);
      if (at === undefined) return "unknown";
      issued.times.delete(token);
      spent.add(token);
      return now() - at > RECAPTCHA_TOKEN_LIFETIME_MS ? "expired" : "valid";
    },
  };
}
