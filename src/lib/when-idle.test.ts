import { afterEach, describe, expect, it, vi } from "vitest";
import { whenIdle } from "./when-idle";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("whenIdle", () => {
  it("hands the task to requestIdleCallback where the browser has it", () => {
    const requestIdleCallback = vi.fn();
    vi.stubGlobal("window", { requestIdleCallback });
    const task = vi.fn();
    whenIdle(task);
    expect(requestIdleCallback).toHaveBeenCalledWith(task);
    expect(task).not.toHaveBeenCalled();
  });

  it("runs the task 200 ms later where it is missing", () => {
    vi.useFakeTimers();
    vi.stubGlobal("window", {});
    const task = vi.fn();
    whenIdle(task);
    vi.advanceTimersByTime(199);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
