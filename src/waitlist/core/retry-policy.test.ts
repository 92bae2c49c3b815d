import { describe, expect, it } from "vitest";
import { classifyFailure, classifyUnsent, retryDelay } from "./retry-policy";

const online = { online: true };
const http = (status: number, text = "") => ({ status, text });

describe("classifyFailure", () => {
  it.each([
    [429, { kind: "try-again", throttled: true }],
    [503, { kind: "try-again" }],
    [500, { kind: "maybe-delivered" }],
    [502, { kind: "maybe-delivered" }],
    [504, { kind: "maybe-delivered" }],
    [400, { kind: "refused" }],
    [402, { kind: "refused" }],
    [403, { kind: "refused" }],
    [404, { kind: "refused" }],
    [451, { kind: "refused" }],
    [426, { kind: "refused" }],
  ])("an HTTP %i answer is %o", (status, expected) => {
    expect(classifyFailure(http(status), online)).toEqual(expect.objectContaining(expected));
  });

  it("a connection that failed with no answer: maybe delivered while online, not while offline", () => {
    const failed = new TypeError("Failed to fetch");
    expect(classifyFailure(failed, online)).toEqual({ kind: "maybe-delivered" });
    expect(classifyFailure(failed, { online: false })).toEqual({
      kind: "try-again",
      offline: true,
    });
    expect(classifyFailure(http(0, "Network Error"), online)).toEqual({ kind: "maybe-delivered" });
  });

  it("no answer within the time limit: maybe delivered, whatever the error says", () => {
    expect(classifyFailure(http(429), { online: true, timedOut: true })).toEqual({
      kind: "maybe-delivered",
    });
  });

  it("the SDK refusing a missing id (it throws a string): refused", () => {
    expect(classifyFailure("The public key is required.", online)).toEqual({ kind: "refused" });
  });
});

describe("classifyUnsent", () => {
  it("a try that never went out (no bot-check token): refused while online, nothing to retry blind", () => {
    expect(classifyUnsent({ online: true })).toEqual({ kind: "refused" });
  });

  it("offline, it waits for the browser to be back, then tries again", () => {
    expect(classifyUnsent({ online: false })).toEqual({ kind: "try-again", offline: true });
  });
});

describe("retryDelay", () => {
  const failure = { kind: "try-again" } as const;
  const throttled = { kind: "try-again", throttled: true } as const;

  it("waits 1 to 2 s before the first retry, the range doubling after each", () => {
    expect([0, 1, 2, 3].map((retry) => retryDelay(retry, failure, () => 0))).toEqual([
      1000, 1000, 1000, 1000,
    ]);
    expect([0, 1, 2, 3].map((retry) => retryDelay(retry, failure, () => 0.999_999))).toEqual([
      1999, 2999, 4999, 8999,
    ]);
  });

  it("spreads the waits uniformly across the range (full jitter)", () => {
    expect([0, 0.25, 0.5, 0.75].map((share) => retryDelay(2, failure, () => share))).toEqual([
      1000, 2000, 3000, 4000,
    ]);
  });

  it("never waits more than 30 s, nor more than 8 s after a 429", () => {
    expect(retryDelay(20, failure, () => 0.999_999)).toBe(29_999);
    expect(retryDelay(20, throttled, () => 0.999_999)).toBe(7999);
    expect(retryDelay(20, throttled, () => 0)).toBe(1000);
  });
});
