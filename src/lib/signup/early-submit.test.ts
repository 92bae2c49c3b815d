import { describe, expect, it, vi } from "vitest";
import { type EarlySubmitQueue, restoreServedPage, takeKeptSubmit } from "./early-submit";

function scopeWith(queue?: EarlySubmitQueue) {
  return queue ? { __bulwarkSignup: queue } : {};
}

describe("takeKeptSubmit", () => {
  it("hands over the kept submit once, and tells the loader to stop keeping", () => {
    const queue: EarlySubmitQueue = { kept: { email: "ada@example.com", honeypot: "" } };
    const scope = scopeWith(queue);
    expect(takeKeptSubmit(scope)).toEqual({ email: "ada@example.com", honeypot: "" });
    expect(queue.live).toBe(true);
    expect(takeKeptSubmit(scope)).toBeUndefined();
  });

  it("has nothing to hand over without a kept submit or without the loader", () => {
    const queue: EarlySubmitQueue = {};
    expect(takeKeptSubmit(scopeWith(queue))).toBeUndefined();
    expect(queue.live).toBe(true);
    expect(takeKeptSubmit(scopeWith())).toBeUndefined();
  });
});

describe("restoreServedPage", () => {
  it("asks the loader to put back what it showed", () => {
    const restore = vi.fn();
    restoreServedPage(scopeWith({ restore }));
    expect(restore).toHaveBeenCalledTimes(1);
  });

  it("does nothing without the loader, or once it has restored", () => {
    expect(() => restoreServedPage(scopeWith())).not.toThrow();
    expect(() => restoreServedPage(scopeWith({}))).not.toThrow();
  });
});
