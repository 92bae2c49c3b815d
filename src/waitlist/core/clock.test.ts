import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { systemClock } from "./clock";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("systemClock", () => {
  it("tells the time", () => {
    vi.setSystemTime(1_000_000);
    expect(systemClock.now()).toBe(1_000_000);
  });

  it("sleeps for the time given", async () => {
    let woke = false;
    void systemClock.sleep(500).then(() => {
      woke = true;
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(woke).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(woke).toBe(true);
  });

  it("stops sleeping with the signal's reason once it aborts, and leaves no timer", async () => {
    const controller = new AbortController();
    const sleep = systemClock.sleep(500, controller.signal).catch((error: unknown) => error);
    controller.abort(new Error("enough"));
    expect(await sleep).toEqual(new Error("enough"));
    expect(vi.getTimerCount()).toBe(0);
  });

  it("does not sleep at all when the signal has already aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error("too late"));
    await expect(systemClock.sleep(500, controller.signal)).rejects.toThrow("too late");
    expect(vi.getTimerCount()).toBe(0);
  });
});
