import { describe, expect, it, vi } from "vitest";
import { retryingImport, untilLoaded } from "./retrying-import";

describe("retryingImport", () => {
  it("loads once and shares the result", async () => {
    const load = vi.fn(async () => "module");
    const get = retryingImport(load);
    await expect(get()).resolves.toBe("module");
    await expect(get()).resolves.toBe("module");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("forgets a failed load, so the next call tries again", async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValueOnce("module");
    const get = retryingImport(load);
    await expect(get()).rejects.toThrow("Failed to fetch dynamically imported module");
    await expect(get()).resolves.toBe("module");
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe("untilLoaded", () => {
  it("tries again each time the retry signal comes, and settles with the first success", async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValueOnce("module");
    let signals = 0;
    const retrySignal = vi.fn(async () => {
      signals += 1;
    });
    await expect(untilLoaded(load, retrySignal)).resolves.toBe("module");
    expect(load).toHaveBeenCalledTimes(3);
    expect(signals).toBe(2);
  });

  it("stays pending while the retry signal does not come", async () => {
    const load = vi.fn(async () => {
      throw new Error("offline");
    });
    let settled = false;
    void untilLoaded(load, () => new Promise<void>(() => {})).finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
