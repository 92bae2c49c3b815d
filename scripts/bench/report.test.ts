import { afterEach, describe, expect, it, vi } from "vitest";
import { FLOOR_BARS } from "./budgets";
import type { Figures, Run } from "./figures";
import { reactFloorLcpCheck } from "./report";
import { pageFiguresOf } from "./statistics";

/** The mobile figures of a round or three: the bare page's LCPs and the React floor's. */
function figures(floorLcps: number[], bareLcps: number[]) {
  const runs = [
    ...floorLcps.map((lcp, index) => ({ page: "reactFloor", round: index + 1, lcp })),
    ...bareLcps.map((lcp, index) => ({ page: "reference", round: index + 1, lcp })),
  ].map(
    ({ page, round, lcp }): Run => ({
      preset: "mobile",
      page,
      round,
      machineBusy: 0,
      figures: { lcp } as Figures,
      breakdown: {},
      offenders: [],
    }),
  );
  return pageFiguresOf(runs, "mobile", {
    pages: ["reactFloor", "reference"],
    keys: ["lcp"],
    worst: [],
    reference: "reference",
  });
}

describe("reactFloorLcpCheck", () => {
  afterEach(() => vi.restoreAllMocks());

  it("holds while the floor's median LCP is within its ratio of the bare page's, and prints both", () => {
    const printed = vi.spyOn(console, "log").mockImplementation(() => {});
    const bar = FLOOR_BARS.reactFloorLcpRatio;
    const check = reactFloorLcpCheck(figures([600 * bar, 500, 2000], [600, 590, 610]));
    expect(check.holds).toBe(true);
    expect(printed.mock.lastCall?.[0]).toContain("against the bare page's 0.60 s [0.59 s-0.61 s]");
  });

  it("fails a floor whose median LCP is over its ratio of the bare page's: it broke the LCP rule", () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const over = 600 * FLOOR_BARS.reactFloorLcpRatio + 1;
    const check = reactFloorLcpCheck(figures([over, over, 500], [600, 600, 600]));
    expect(check.holds).toBe(false);
    expect(check.value).toContain(`${(over / 600).toFixed(2)}x`);
  });
});
