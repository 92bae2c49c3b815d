import { describe, expect, it } from "vitest";
import { readBotCheckConfig, readEmailConfig, readEmailOrigin } from "./config";

describe("readEmailConfig", () => {
  it("reads the EmailJS ids, trimmed", () => {
    expect(
      readEmailConfig({
        VITE_EMAILJS_PUBLIC_KEY: " key ",
        VITE_EMAILJS_SERVICE_ID: "service_a",
        VITE_EMAILJS_TEMPLATE_ID: "template_b\n",
      }),
    ).toMatchObject({ publicKey: "key", serviceId: "service_a", templateId: "template_b" });
  });

  it("falls back to EmailJS's own origin, a 15 s time limit and a two-minute retry budget", () => {
    expect(readEmailOrigin({})).toBe("https://api.emailjs.com");
    expect(readEmailConfig({ MODE: "emulator" })).toEqual({
      publicKey: "",
      serviceId: "",
      templateId: "",
      timeoutMs: 15_000,
      retryBudgetMs: 120_000,
      antiAbuse: false,
    });
  });

  it("takes another origin and time limit when given", () => {
    const config = readEmailConfig({
      VITE_EMAILJS_ORIGIN: "http://127.0.0.1:4180",
      VITE_EMAILJS_TIMEOUT_MS: "3000",
      VITE_SIGNUP_RETRY_BUDGET_MS: "9000",
    });
    expect(readEmailOrigin({ VITE_EMAILJS_ORIGIN: "http://127.0.0.1:4180" })).toBe(
      "http://127.0.0.1:4180",
    );
    expect(config.timeoutMs).toBe(3000);
    expect(config.retryBudgetMs).toBe(9000);
  });

  it.each([
    ["https:api.emailjs.com", "https://api.emailjs.com"],
    ["https://api.emailjs.com/", "https://api.emailjs.com"],
    ["HTTPS://API.EmailJS.com:443", "https://api.emailjs.com"],
    ["http://127.0.0.1:4180/", "http://127.0.0.1:4180"],
  ])("ships the origin %j names as %j, what the build checked", (value, origin) => {
    expect(readEmailOrigin({ VITE_EMAILJS_ORIGIN: value })).toBe(origin);
  });

  it.each(["api.emailjs.com", "https://", "//api.emailjs.com"])(
    "leaves %j, which is no URL, as it is (a production build refuses it)",
    (value) => {
      expect(readEmailOrigin({ VITE_EMAILJS_ORIGIN: value })).toBe(value);
    },
  );

  it.each(["0", "-5", "1.5", "soon", " "])("ignores a time limit or budget of %j", (value) => {
    expect(readEmailConfig({ VITE_EMAILJS_TIMEOUT_MS: value }).timeoutMs).toBe(15_000);
    expect(readEmailConfig({ VITE_SIGNUP_RETRY_BUDGET_MS: value }).retryBudgetMs).toBe(120_000);
  });

  it("switches the SDK's anti-abuse checks off in the local build alone", () => {
    expect(readEmailConfig({ MODE: "production" }).antiAbuse).toBe(true);
    expect(readEmailConfig({ MODE: "emulator" }).antiAbuse).toBe(false);
    // Any other mode, or none, keeps them on: a misnamed mode never drops them.
    expect(readEmailConfig({ MODE: "staging" }).antiAbuse).toBe(true);
    expect(readEmailConfig({}).antiAbuse).toBe(true);
  });
});

describe("readBotCheckConfig", () => {
  it("is off without a site key, with Google's origin", () => {
    expect(readBotCheckConfig({})).toEqual({
      siteKey: "",
      origin: "https://www.google.com",
      on: false,
    });
  });

  it("is on with a site key, and takes an origin setting as an origin", () => {
    expect(
      readBotCheckConfig({
        VITE_RECAPTCHA_SITE_KEY: " site-key ",
        VITE_RECAPTCHA_ORIGIN: "https://www.recaptcha.net/some/path",
      }),
    ).toEqual({ siteKey: "site-key", origin: "https://www.recaptcha.net", on: true });
  });

  it("ships the origin of a setting not written as one", () => {
    expect(readBotCheckConfig({ VITE_RECAPTCHA_ORIGIN: "https:www.recaptcha.net" }).origin).toBe(
      "https://www.recaptcha.net",
    );
  });

  it("stays off for a blank site key", () => {
    expect(readBotCheckConfig({ VITE_RECAPTCHA_SITE_KEY: "   " }).on).toBe(false);
  });
});
