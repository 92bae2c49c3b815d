import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  dismissToast,
  getToasts,
  markToastAnnounced,
  subscribeToToasts,
  TOAST_REMOVE_DELAY,
  toast,
  whenToastAnnounced,
} from "./use-toast";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  for (const item of getToasts()) dismissToast(item.id);
  vi.runAllTimers();
  vi.useRealTimers();
});

describe("toast store", () => {
  it("holds one toast at a time: a new one replaces the old", () => {
    toast({ title: "Submission failed", variant: "destructive" });
    const secondId = toast({
      title: "Redirecting...",
      description: "Taking you to confirmation page",
    });
    expect(getToasts()).toEqual([
      {
        id: secondId,
        title: "Redirecting...",
        description: "Taking you to confirmation page",
        variant: "default",
        open: true,
      },
    ]);
  });

  it("closes a dismissed toast at once and drops it after 1,000,000 ms", () => {
    const id = toast({ title: "Submission failed", variant: "destructive" });
    dismissToast(id);
    expect(getToasts()).toMatchObject([{ id, open: false }]);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    vi.advanceTimersByTime(999_999);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toEqual([]);
  });

  it("tells subscribers about every change until they unsubscribe", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToToasts(listener);
    const id = toast({ title: "Redirecting..." });
    dismissToast(id);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    toast({ title: "Again" });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe("waiting for a toast to be announced", () => {
  const settled = (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => {
      done = true;
    });
    return () => done;
  };

  it("ends when the toaster marks that toast announced, not another", async () => {
    const id = toast({ title: "Redirecting..." });
    const isDone = settled(whenToastAnnounced(id, 1000));
    markToastAnnounced(`${id}-other`);
    await vi.advanceTimersByTimeAsync(10);
    expect(isDone()).toBe(false);
    markToastAnnounced(id);
    await vi.advanceTimersByTimeAsync(0);
    expect(isDone()).toBe(true);
  });

  it("ends after the longest wait when no toaster says anything", async () => {
    const isDone = settled(whenToastAnnounced(toast({ title: "Redirecting..." }), 1000));
    await vi.advanceTimersByTimeAsync(999);
    expect(isDone()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(isDone()).toBe(true);
  });
});
