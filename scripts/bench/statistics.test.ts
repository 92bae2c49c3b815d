import { describe, expect, it } from "vitest";
import type { Figures, Run } from "./figures";
import { breakdownSpreads, median, noisyRounds, pageFiguresOf, spreadOf } from "./statistics";

describe("median", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it("leaves out unknown values, and is unknown without any", () => {
    expect(median([Number.NaN, 5, 1])).toBe(3);
    expect(median([])).toBeNaN();
    expect(median([Number.NaN])).toBeNaN();
  });
});

describe("spreadOf", () => {
  it("gives the least, the median and the greatest known value", () => {
    expect(spreadOf([30, 10, Number.NaN, 20])).toEqual({ min: 10, median: 20, max: 30 });
  });

  it("is unknown throughout without a known value", () => {
    const spread = spreadOf([Number.NaN]);
    expect([spread.min, spread.median, spread.max].every(Number.isNaN)).toBe(true);
  });
});

const figures = (values: Partial<Figures>) =>
  ({ lcp: 0, tbt: 0, offOrigin: 0, ...values }) as Figures;

function run(
  page: string,
  round: number,
  values: Partial<Figures>,
  preset = "mobile",
  machineBusy = 0,
): Run {
  return {
    preset,
    page,
    round,
    machineBusy,
    figures: figures(values),
    breakdown: {},
    offenders: [],
  };
}

describe("pageFiguresOf", () => {
  const runs = [
    run("landing", 1, { lcp: 1000, tbt: 0, offOrigin: 0 }),
    run("landing", 2, { lcp: 1400, tbt: 30, offOrigin: 2 }),
    run("landing", 3, { lcp: 1200, tbt: 10, offOrigin: 0 }),
    run("reference", 1, { lcp: 800 }),
    run("reference", 2, { lcp: 1000 }),
    run("reference", 3, { lcp: 900 }),
    run("landing", 1, { lcp: 9000 }, "desktop"),
  ];
  const options = {
    pages: ["landing", "reference"],
    keys: ["lcp", "tbt", "offOrigin"] as (keyof Figures)[],
    worst: ["offOrigin"] as (keyof Figures)[],
    reference: "reference",
  };
  const result = pageFiguresOf(runs, "mobile", options);

  it("summarises each page's runs of one preset by their median", () => {
    expect(result.landing?.summary.lcp).toBe(1200);
    expect(result.landing?.summary.tbt).toBe(10);
    expect(result.landing?.spreads.lcp).toEqual({ min: 1000, median: 1200, max: 1400 });
  });

  it("takes the worst run for the figures where one bad run counts", () => {
    expect(result.landing?.summary.offOrigin).toBe(2);
  });

  it("gives LCP as a ratio to the reference page's median", () => {
    expect(result.landing?.summary.lcpRatio).toBeCloseTo(1200 / 900);
    expect(result.reference?.summary.lcpRatio).toBe(1);
  });

  it("gives the worst run's LCP as a ratio to the reference page's median", () => {
    expect(result.landing?.summary.lcpMaxRatio).toBeCloseTo(1400 / 900);
  });
});

describe("noisyRounds", () => {
  it("names, once each, the rounds in which other work took over a quarter of the machine before a run", () => {
    const runs = [
      run("reference", 1, { tbt: 90 }, "mobile", 0.25),
      run("landing", 2, {}, "mobile", 0.3),
      run("reference", 2, {}, "mobile", 0.9),
      run("landing", 3, {}, "mobile", 0.1),
      run("reference", 3, {}, "mobile", 0.26),
      run("reference", 4, {}, "desktop", 0.9),
    ];
    expect(noisyRounds(runs, "mobile")).toEqual([2, 3]);
  });
});

describe("breakdownSpreads", () => {
  it("spreads each group's time over a page's runs, with their totals", () => {
    const runs: Run[] = [
      { ...run("landing", 1, {}), breakdown: { scriptEvaluation: 100, other: 20 } },
      { ...run("landing", 2, {}), breakdown: { scriptEvaluation: 300 } },
    ];
    const table = breakdownSpreads(runs, ["landing"], ["scriptEvaluation", "other"]);
    expect(table.landing?.scriptEvaluation).toEqual({ min: 100, median: 200, max: 300 });
    expect(table.landing?.other).toEqual({ min: 0, median: 10, max: 20 });
    expect(table.landing?.total).toEqual({ min: 120, median: 210, max: 300 });
  });
});
