import { describe, expect, it, vi } from "vitest";
import { type EarlySubmitHandOver, restoreServedPage, takeKeptSubmit } from "./early-submit";

function scopeWith(handOver?: EarlySubmitHandOver) {
  return handOver ? { __bulwarkSignup: handOver } : {};
}

describe("takeKeptSubmit", () => {
  it("hands over the kept submit once, and tells the loader to stop keeping", () => {
    const handOver: EarlySubmitHandOver = { kept: true };
    const scope = scopeWith(handOver);
    expect(takeKeptSubmit(scope)).toBe(true);
    expect(handOver.live).toBe(true);
    expect(takeKeptSubmit(scope)).toBe(false);
  });

  it("has nothing to hand over without a kept submit or without the loader", () => {
    const handOver: EarlySubmitHandOver = {};
    expect(takeKeptSubmit(scopeWith(handOver))).toBe(false);
    expect(handOver.live).toBe(true);
    expect(takeKeptSubmit(scopeWith())).toBe(false);
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
