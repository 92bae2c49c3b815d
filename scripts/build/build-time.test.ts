import { describe, expect, it } from "vitest";
import { buildTime } from "./build-time";

describe("buildTime", () => {
  it("is SOURCE_DATE_EPOCH where set", () => {
    expect(buildTime({ SOURCE_DATE_EPOCH: "1796083200" }).toISOString()).toBe(
      "2026-12-01T00:00:00.000Z",
    );
  });

  it("is now without it", () => {
    const before = Date.now();
    const time = buildTime({ SOURCE_DATE_EPOCH: " " }).getTime();
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(Date.now());
  });

  it("refuses a setting that is not whole seconds", () => {
    expect(() => buildTime({ SOURCE_DATE_EPOCH: "2026-12-01" })).toThrow(
      'SOURCE_DATE_EPOCH must be whole seconds since 1970, not "2026-12-01".',
    );
  });
});
