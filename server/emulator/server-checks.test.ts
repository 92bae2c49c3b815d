import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createRecaptchaTokens } from "./recaptcha-tokens";
import { emulatorOptionsFromEnv, startEmulator } from "./server";
import {
  createCheckSwitch,
  parseChecks,
  parseOriginsSetting,
  parseSwitchSetting,
} from "./server-checks";
import { setUpEmulator, uniqueEmail, validBody } from "./test-harness";

const emulator = setUpEmulator();

const SITE = "https://bulwark.example";
// Typed literally: the texts EmailJS documents.
const NON_BROWSER_TEXT = "API calls are disabled for non-browser applications";
const NO_TOKEN_TEXT = "reCAPTCHA: The g-recaptcha-response parameter not found";

/** A send as a page at `origin` makes it (no origin: as a script does), with extra params. */
async function send(
  email: string,
  { origin, params = {} }: { origin?: string; params?: object } = {},
) {
  const response = await emulator.sendJson(validBody({ template_params: { email, ...params } }), {
    headers: {
      "Content-Type": "application/json",
      ...(origin === undefined ? {} : { Origin: origin }),
    },
  });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

describe("the check switch", () => {
  const tokens = createRecaptchaTokens();

  it("is off by default: any caller, no token", () => {
    const checks = createCheckSwitch(tokens);
    expect(checks.checkCaller(undefined, {})).toBeUndefined();
    expect(checks.checkCaller("https://anywhere.example", {})).toBeUndefined();
    expect(checks.checkRecaptcha({})).toBeUndefined();
    expect(checks.state()).toEqual({ account: {}, byEmail: {} });
  });

  it("matches origins origin for origin, or host for host, never www for the bare host", () => {
    const checks = createCheckSwitch(tokens, {
      allowedOrigins: ["https://bulwark.example/", "app.bulwark.example"],
    });
    expect(checks.checkCaller("https://bulwark.example", {})).toBeUndefined();
    expect(checks.checkCaller("http://app.bulwark.example", {})).toBeUndefined();
    for (const origin of ["https://www.bulwark.example", "http://bulwark.example", "null"]) {
      expect(checks.checkCaller(origin, {})?.status, origin).toBe(403);
    }
  });

  it("lets per-address checks override the account's, and clears them one address at a time", () => {
    const checks = createCheckSwitch(tokens, { refuseNonBrowser: true });
    checks.set({ recaptcha: true, match: { email: "a@example.com" } });
    expect(checks.checkCaller(undefined, { email: "a@example.com" })).toBeUndefined();
    expect(checks.checkRecaptcha({ email: "a@example.com" })?.status).toBe(400);
    expect(checks.checkCaller(undefined, { email: "b@example.com" })?.status).toBe(403);
    checks.clear("a@example.com");
    expect(checks.checkCaller(undefined, { email: "a@example.com" })?.status).toBe(403);
    checks.clear();
    expect(checks.state()).toEqual({ account: {}, byEmail: {} });
  });

  it("refuses checks it cannot read, saying what to send", () => {
    expect(() => parseChecks({ recaptcha: "yes" })).toThrow("recaptcha must be true or false");
    expect(() => parseChecks({ allowedOrigins: "https://a.example" })).toThrow("allowedOrigins");
    expect(() => parseChecks({ captcha: true })).toThrow("unknown field captcha");
    expect(() => parseChecks({ recaptcha: true, match: "a@example.com" })).toThrow("match");
    expect(parseChecks({ refuseNonBrowser: true, match: { email: "a@example.com" } })).toEqual({
      refuseNonBrowser: true,
      match: { email: "a@example.com" },
    });
  });
});

describe("the checks' settings", () => {
  it("reads EMULATOR_ALLOWED_ORIGINS, EMULATOR_REFUSE_NON_BROWSER and EMULATOR_RECAPTCHA", () => {
    expect(
      emulatorOptionsFromEnv({
        EMULATOR_ALLOWED_ORIGINS: "https://bulwark.example, https://www.bulwark.example",
        EMULATOR_REFUSE_NON_BROWSER: "1",
        EMULATOR_RECAPTCHA: "true",
      }).checks,
    ).toEqual({
      allowedOrigins: ["https://bulwark.example", "https://www.bulwark.example"],
      refuseNonBrowser: true,
      recaptcha: true,
    });
    expect(emulatorOptionsFromEnv({}).checks).toBeUndefined();
  });

  it("names the setting that does not parse", () => {
    expect(() =>
      parseOriginsSetting("https://a.example,not an origin", "EMULATOR_ALLOWED_ORIGINS"),
    ).toThrow(
      "EMULATOR_ALLOWED_ORIGINS must be a comma list of origins like https://bulwark.example; got 'not an origin'.",
    );
    expect(() => parseSwitchSetting("yes", "EMULATOR_RECAPTCHA")).toThrow(
      "EMULATOR_RECAPTCHA must be 1 (on) or 0 (off); got 'yes'.",
    );
    expect(parseSwitchSetting("0", "EMULATOR_RECAPTCHA")).toBe(false);
  });
});

describe("allowed origins over HTTP", () => {
  it("refuses a page from another origin with 403 and CORS, and logs why", async () => {
    await emulator.controls.checks({ allowedOrigins: [SITE] });
    const email = uniqueEmail("www");
    const refused = await send(email, { origin: "https://www.bulwark.example" });
    expect(refused.status).toBe(403);
    expect(refused.text).toBe(
      "The origin https://www.bulwark.example is not in this account's allowed origins",
    );
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");
    expect(emulator.logLines.at(-1)).toBe(
      `Send for "${email}" refused: 403 Origin https://www.bulwark.example is not an allowed origin (allowed: ${SITE})`,
    );
    expect(await emulator.outboxFor(email)).toEqual([]);
    expect((await send(email, { origin: SITE })).status).toBe(200);
  });

  it("binds browsers only: a script that names an allowed Origin, or none, gets through", async () => {
    await emulator.controls.checks({ allowedOrigins: [SITE] });
    expect((await send(uniqueEmail("faked"), { origin: SITE })).status).toBe(200);
    expect((await send(uniqueEmail("no-origin"))).status).toBe(200);
  });
});

describe("non-browser calls over HTTP", () => {
  it("refuses a send with no Origin with EmailJS's 403 text; a browser's send goes through", async () => {
    await emulator.controls.checks({ refuseNonBrowser: true });
    const email = uniqueEmail("script");
    const refused = await send(email);
    expect(refused).toMatchObject({ status: 403, text: NON_BROWSER_TEXT });
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");
    expect(await emulator.outboxFor(email)).toEqual([]);
    expect((await send(email, { origin: SITE })).status).toBe(200);
  });

  it("is checked before anything is counted: a refused caller uses no rate slot", async () => {
    await emulator.controls.checks({ refuseNonBrowser: true });
    await emulator.controls.limits({ ratePerSecond: 1 });
    expect((await send(uniqueEmail("counted"))).status).toBe(403);
    expect((await send(uniqueEmail("browser"), { origin: SITE })).status).toBe(200);
  });

  it("comes after a queued fault and the outage", async () => {
    await emulator.controls.checks({ refuseNonBrowser: true });
    const email = uniqueEmail("fault-first");
    await emulator.controls.fault({ count: 1, status: 500, match: { email } });
    expect((await send(email)).status).toBe(500);
    await emulator.controls.outage(60_000);
    expect((await send(email)).status).toBe(503);
  });
});

describe("a template that requires reCAPTCHA, over HTTP", () => {
  it("refuses a send without g-recaptcha-response with EmailJS's text", async () => {
    await emulator.controls.checks({ recaptcha: true });
    const email = uniqueEmail("no-token");
    const refused = await send(email, { origin: SITE });
    expect(refused).toMatchObject({ status: 400, text: NO_TOKEN_TEXT });
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");
    expect(await emulator.outboxFor(email)).toEqual([]);
  });

  it("accepts an issued token once, never twice", async () => {
    await emulator.controls.checks({ recaptcha: true });
    const token = await emulator.controls.recaptchaToken();
    const email = uniqueEmail("token");
    const params = { "g-recaptcha-response": token };
    expect((await send(email, { origin: SITE, params })).status).toBe(200);
    const again = await send(email, { origin: SITE, params });
    expect(again).toMatchObject({
      status: 400,
      text: "reCAPTCHA: The g-recaptcha-response is invalid (timeout-or-duplicate)",
    });
    expect(await emulator.outboxFor(email)).toHaveLength(1);
  });

  it("refuses a token the verifier did not issue", async () => {
    await emulator.controls.checks({ recaptcha: true });
    const made = await send(uniqueEmail("made-up"), {
      origin: SITE,
      params: { "g-recaptcha-response": "03AFcWeA-made-up" },
    });
    expect(made).toMatchObject({
      status: 400,
      text: "reCAPTCHA: The g-recaptcha-response is invalid (invalid-input-response)",
    });
  });

  it("checks only the address it was set for", async () => {
    const guarded = uniqueEmail("guarded");
    await emulator.controls.checks({ recaptcha: true, match: { email: guarded } });
    expect((await send(guarded, { origin: SITE })).status).toBe(400);
    expect((await send(uniqueEmail("bystander"), { origin: SITE })).status).toBe(200);
    await emulator.controls.clearChecks(guarded);
    expect((await send(guarded, { origin: SITE })).status).toBe(200);
  });
});

describe("the checks an emulator starts with", () => {
  it("applies them from the start and says so in its log", async () => {
    const lines: string[] = [];
    const checked = await startEmulator({
      port: 0,
      outboxPath: join(emulator.dir, "checked.jsonl"),
      checks: { allowedOrigins: [SITE], refuseNonBrowser: true, recaptcha: true },
      log: (line) => lines.push(line),
    });
    try {
      const post = (headers: Record<string, string>) =>
        fetch(`${checked.url}/api/v1.0/email/send`, {
          method: "POST",
          headers: { "Content-Type": "application/json", ...headers },
          body: JSON.stringify(validBody()),
        }).then((response) => response.status);
      expect(await post({})).toBe(403);
      expect(await post({ Origin: "https://www.bulwark.example" })).toBe(403);
      expect(await post({ Origin: SITE })).toBe(400);
      expect(lines[0]).toBe(
        `EmailJS server checks on: allowed origins ${SITE}; non-browser calls refused; reCAPTCHA required`,
      );
    } finally {
      await checked.close();
    }
  });
});
