import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  createLimitSwitch,
  parseCountSetting,
  parseLimits,
  parseOutage,
  parseRateSetting,
} from "./limits";
import { emulatorOptionsFromEnv, startEmulator } from "./server";
import { setUpEmulator, uniqueEmail, validBody } from "./test-harness";

/** A clock the test moves by hand. */
function manualClock(start = 1_000_000) {
  let time = start;
  return {
    now: () => time,
    advance(ms: number) {
      time += ms;
    },
  };
}

const clock = manualClock();
const emulator = setUpEmulator({ now: clock.now });

async function send(email: string) {
  const response = await emulator.sendJson(validBody({ template_params: { email } }));
  return { status: response.status, text: await response.text(), headers: response.headers };
}

describe("the limit switch", () => {
  it("is off by default: any number of sends in one instant goes through", () => {
    const limits = createLimitSwitch(() => 0);
    for (let i = 0; i < 50; i += 1) {
      expect(limits.admit()).toBeUndefined();
      expect(limits.takeQuota()).toBeUndefined();
    }
    expect(limits.state()).toEqual({
      ratePerSecond: null,
      quota: null,
      quotaUsed: 0,
      outageRemainingMs: 0,
    });
  });

  it("lets ratePerSecond sends through in any one second and refuses the rest with 429", () => {
    const time = manualClock(0);
    const limits = createLimitSwitch(time.now);
    limits.set({ ratePerSecond: 2 });
    expect(limits.admit()).toBeUndefined();
    time.advance(400);
    expect(limits.admit()).toBeUndefined();
    expect(limits.admit()).toEqual({ status: 429, body: "Too Many Requests" });
    // The first slot frees one second after it was taken, not one second after the refusal.
    time.advance(599);
    expect(limits.admit()?.status).toBe(429);
    time.advance(1);
    expect(limits.admit()).toBeUndefined();
    expect(limits.admit()?.status).toBe(429);
  });

  it("does not count a refused send against the rate", () => {
    const time = manualClock(0);
    const limits = createLimitSwitch(time.now);
    limits.set({ ratePerSecond: 1 });
    expect(limits.admit()).toBeUndefined();
    for (let i = 0; i < 9; i += 1) {
      time.advance(100);
      expect(limits.admit()?.status).toBe(429);
    }
    time.advance(100);
    expect(limits.admit()).toBeUndefined();
  });

  it("accepts quota emails from when it is set, then answers 402 with its own text", () => {
    const limits = createLimitSwitch(() => 0);
    expect(limits.takeQuota()).toBeUndefined();
    limits.set({ quota: 2 });
    expect(limits.takeQuota()).toBeUndefined();
    expect(limits.takeQuota()).toBeUndefined();
    expect(limits.takeQuota()).toEqual({
      status: 402,
      body: "The email quota of this account is used up (2 sent). Upgrade the plan or wait for the next period.",
    });
    expect(limits.state()).toMatchObject({ quota: 2, quotaUsed: 2 });
    limits.clear();
    expect(limits.takeQuota()).toBeUndefined();
  });

  it("answers 503 during an outage, before the rate, and not after it", () => {
    const time = manualClock(0);
    const limits = createLimitSwitch(time.now);
    limits.set({ ratePerSecond: 1 });
    limits.startOutage(30_000);
    expect(limits.admit()).toEqual({ status: 503, body: "Service Unavailable" });
    time.advance(29_999);
    expect(limits.state().outageRemainingMs).toBe(1);
    expect(limits.admit()?.status).toBe(503);
    time.advance(1);
    expect(limits.admit()).toBeUndefined();
    limits.startOutage(10);
    limits.startOutage(0);
    time.advance(1000);
    expect(limits.admit()).toBeUndefined();
  });
});

describe("parsing limits", () => {
  it("takes a rate, a quota or both", () => {
    expect(parseLimits({ ratePerSecond: 1 })).toEqual({ ratePerSecond: 1 });
    expect(parseLimits({ quota: 0 })).toEqual({ quota: 0 });
    expect(parseLimits({ ratePerSecond: 3, quota: 200 })).toEqual({ ratePerSecond: 3, quota: 200 });
  });

  it.each([
    [[], "Invalid limits: expected a JSON object, got an array."],
    [{}, "Invalid limits: give ratePerSecond, quota or both."],
    [{ rate: 1 }, "Invalid limits: unknown field rate; use ratePerSecond, quota."],
    [
      { ratePerSecond: 0 },
      "Invalid limits: ratePerSecond must be a whole number of sends, 1 or more.",
    ],
    [
      { ratePerSecond: 1.5 },
      "Invalid limits: ratePerSecond must be a whole number of sends, 1 or more.",
    ],
    [{ quota: -1 }, "Invalid limits: quota must be a whole number of emails, 0 or more."],
    [{ quota: "200" }, "Invalid limits: quota must be a whole number of emails, 0 or more."],
  ])("refuses %j", (value, message) => {
    expect(() => parseLimits(value)).toThrow(message);
  });

  it("takes an outage of whole milliseconds", () => {
    expect(parseOutage({ ms: 30000 })).toBe(30000);
    expect(() => parseOutage({ ms: -1 })).toThrow("ms must be a whole number of milliseconds");
    expect(() => parseOutage({ seconds: 30 })).toThrow('send {"ms": <milliseconds>}');
  });

  it("reads the settings of npm run emulator and npm start", () => {
    expect(parseRateSetting("1/s", "EMULATOR_RATE_LIMIT")).toBe(1);
    expect(parseRateSetting(" 5 / s ", "EMULATOR_RATE_LIMIT")).toBe(5);
    for (const bad of ["1", "0/s", "1/min", "one/s"]) {
      expect(() => parseRateSetting(bad, "EMULATOR_RATE_LIMIT")).toThrow(
        `EMULATOR_RATE_LIMIT must look like 1/s (sends a second, 1 or more); got '${bad}'.`,
      );
    }
    expect(parseCountSetting("200", "EMULATOR_QUOTA")).toBe(200);
    expect(() => parseCountSetting("lots", "EMULATOR_QUOTA")).toThrow(
      "EMULATOR_QUOTA must be a whole number, 0 or more; got 'lots'.",
    );
    expect(
      emulatorOptionsFromEnv({
        EMULATOR_RATE_LIMIT: "1/s",
        EMULATOR_QUOTA: "200",
        EMULATOR_OUTAGE_MS: "30000",
      }),
    ).toMatchObject({ limits: { ratePerSecond: 1, quota: 200 }, outageMs: 30000 });
    expect(emulatorOptionsFromEnv({})).toMatchObject({ limits: undefined, outageMs: undefined });
  });
});

describe("limits over HTTP", () => {
  it("refuses a second send within a second with 429 Too Many Requests, CORS and all", async () => {
    await emulator.controls.limits({ ratePerSecond: 1 });
    const first = uniqueEmail("rate-first");
    const second = uniqueEmail("rate-second");
    expect((await send(first)).status).toBe(200);
    const refused = await send(second);
    expect(refused.status).toBe(429);
    expect(refused.text).toBe("Too Many Requests");
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");
    expect(refused.headers.get("retry-after")).toBeNull();
    expect(await emulator.outboxFor(second)).toEqual([]);
    clock.advance(1000);
    expect((await send(second)).status).toBe(200);
    expect(await emulator.outboxFor(second)).toHaveLength(1);
  });

  it("counts the form endpoint against the same account-wide rate", async () => {
    await emulator.controls.limits({ ratePerSecond: 1 });
    expect((await send(uniqueEmail("rate-json"))).status).toBe(200);
    const form = new FormData();
    form.append("email", uniqueEmail("rate-form"));
    const response = await fetch(`${emulator.url}/api/v1.0/email/send-form`, {
      method: "POST",
      body: form,
    });
    expect(response.status).toBe(429);
  });

  it("answers the quota's 402 once it is spent and never writes the refused email", async () => {
    const state = await emulator.controls.limits({ quota: 1 });
    expect(state).toEqual({ ratePerSecond: null, quota: 1, quotaUsed: 0, outageRemainingMs: 0 });
    const within = uniqueEmail("quota-within");
    const over = uniqueEmail("quota-over");
    expect((await send(within)).status).toBe(200);
    const refused = await send(over);
    expect(refused.status).toBe(402);
    expect(refused.text).toBe(
      "The email quota of this account is used up (1 sent). Upgrade the plan or wait for the next period.",
    );
    expect(await emulator.outboxFor(over)).toEqual([]);
    // An invalid send is refused for what it is and uses no quota.
    await emulator.controls.limits({ quota: 1 });
    expect((await emulator.sendJson(validBody({ user_id: "wrong" }))).status).toBe(400);
    expect((await send(over)).status).toBe(200);
    expect(await emulator.controls.state()).toMatchObject({ quota: 1, quotaUsed: 1 });
  });

  it("answers 503 through an outage switched at run time, then sends again", async () => {
    const email = uniqueEmail("outage");
    expect((await emulator.controls.outage(30_000)).outageRemainingMs).toBe(30_000);
    const refused = await send(email);
    expect(refused).toMatchObject({ status: 503, text: "Service Unavailable" });
    clock.advance(30_000);
    expect((await send(email)).status).toBe(200);
    await emulator.controls.outage(30_000);
    await emulator.controls.endOutage();
    expect((await send(email)).status).toBe(200);
    expect(await emulator.outboxFor(email)).toHaveLength(2);
  });

  it("keeps the fault switch working beside the limits, faults first", async () => {
    await emulator.controls.limits({ ratePerSecond: 1 });
    const email = uniqueEmail("fault-and-limit");
    await emulator.addFault({ count: 1, status: 500, match: { email } });
    expect((await send(email)).status).toBe(500);
    expect((await send(email)).status).toBe(200);
  });

  it("is off again once cleared", async () => {
    await emulator.controls.limits({ ratePerSecond: 1, quota: 0 });
    expect((await emulator.controls.clearLimits()).quota).toBeNull();
    for (let i = 0; i < 3; i += 1) expect((await send(uniqueEmail("cleared"))).status).toBe(200);
  });

  it.each([
    ["limits", { ratePerSecond: "fast" }, "Invalid limits: ratePerSecond must be"],
    ["outage", { ms: "long" }, "Invalid outage: ms must be"],
  ])("refuses malformed %s with 400 and a clear text", async (path, body, message) => {
    const response = await fetch(`${emulator.url}/__emulator/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
  });

  it("starts with the limits and the outage its caller passes", async () => {
    const time = manualClock();
    const limited = await startEmulator({
      port: 0,
      outboxPath: join(emulator.dir, "limited.jsonl"),
      limits: { ratePerSecond: 1, quota: 5 },
      outageMs: 2000,
      now: time.now,
      log: () => {},
    });
    try {
      const post = () =>
        fetch(`${limited.url}/api/v1.0/email/send`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(validBody()),
        }).then((response) => response.status);
      expect(await post()).toBe(503);
      time.advance(2000);
      expect(await post()).toBe(200);
      expect(await post()).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
