import { describe, expect, it } from "vitest";
import { createRecaptchaTokens, RECAPTCHA_TOKEN_LIFETIME_MS } from "./recaptcha-tokens";

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
