import { describe, expect, it } from "vitest";
import {
  createRecaptchaTokens,
  MAX_REMEMBERED_TOKENS,
  RECAPTCHA_TOKEN_LIFETIME_MS,
} from "./recaptcha-tokens";

describe("the stand-in reCAPTCHA tokens", () => {
  it("redeems an issued token once, then calls it used", () => {
    const tokens = createRecaptchaTokens();
    const token = tokens.issue();
    expect(tokens.redeem(token)).toBe("valid");
    expect(tokens.redeem(token)).toBe("used");
  });

  it("never accepts a token it did not issue", () => {
    expect(createRecaptchaTokens().redeem("made-up")).toBe("unknown");
  });

  it("issues a different token each time", () => {
    const tokens = createRecaptchaTokens();
    expect(tokens.issue()).not.toBe(tokens.issue());
  });

  it("refuses a token older than two minutes, and it stays spent", () => {
    let now = 1_000;
    const tokens = createRecaptchaTokens(() => now);
    const token = tokens.issue();
    now += RECAPTCHA_TOKEN_LIFETIME_MS + 1;
    expect(tokens.redeem(token)).toBe("expired");
    expect(tokens.redeem(token)).toBe("used");
  });

  it("accepts a token at exactly two minutes", () => {
    let now = 0;
    const tokens = createRecaptchaTokens(() => now);
    const token = tokens.issue();
    now = RECAPTCHA_TOKEN_LIFETIME_MS;
    expect(tokens.redeem(token)).toBe("valid");
  });
});

describe("what the stand-in verifier remembers is bounded", () => {
  it("drops the oldest unredeemed token once it holds as many as it may", () => {
    const tokens = createRecaptchaTokens(Date.now, 3);
    const [first, second, ...rest] = Array.from({ length: 4 }, () => tokens.issue());
    expect(tokens.redeem(first as string)).toBe("unknown");
    expect(tokens.redeem(second as string)).toBe("valid");
    for (const token of rest) expect(tokens.redeem(token)).toBe("valid");
  });

  it("forgets the oldest spent token once it holds as many as it may: it is still refused", () => {
    const tokens = createRecaptchaTokens(Date.now, 2);
    const spent = Array.from({ length: 3 }, () => {
      const token = tokens.issue();
      expect(tokens.redeem(token)).toBe("valid");
      return token;
    });
    expect(tokens.redeem(spent[0] as string)).toBe("unknown");
    expect(tokens.redeem(spent[1] as string)).toBe("used");
    expect(tokens.redeem(spent[2] as string)).toBe("used");
  });

  it("forgets a spent token a lifetime after it was spent, an unredeemed one a lifetime after it expired", () => {
    let now = 0;
    const tokens = createRecaptchaTokens(() => now);
    const late = tokens.issue();
    const forgotten = tokens.issue();
    const used = tokens.issue();
    expect(tokens.redeem(used)).toBe("valid");
    now = RECAPTCHA_TOKEN_LIFETIME_MS;
    expect(tokens.redeem(used)).toBe("used");
    now = 2 * RECAPTCHA_TOKEN_LIFETIME_MS;
    // Still known: a late token is called expired, not made up.
    expect(tokens.redeem(late)).toBe("expired");
    expect(tokens.redeem(used)).toBe("unknown");
    now = 2 * RECAPTCHA_TOKEN_LIFETIME_MS + 1;
    expect(tokens.redeem(forgotten)).toBe("unknown");
  });

  it("keeps at most its bound however many tokens are asked for", () => {
    const tokens = createRecaptchaTokens();
    const all = Array.from({ length: MAX_REMEMBERED_TOKENS + 1 }, () => tokens.issue());
    expect(tokens.redeem(all[0] as string)).toBe("unknown");
    expect(tokens.redeem(all[1] as string)).toBe("valid");
    expect(tokens.redeem(all.at(-1) as string)).toBe("valid");
  });
});
