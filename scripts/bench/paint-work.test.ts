import { describe, expect, it } from "vitest";
import { workBeforePaint } from "./paint-work";

const main = { pid: 1, tid: 1 };
const slice = (name: string, ts: number, dur: number) => ({ ...main, name, ph: "X", ts, dur });

describe("the work before first paint, from a trace", () => {
  const events = [
    { ...main, name: "navigationStart", ph: "R", ts: 1000 },
    slice("RunTask", 1000, 10_000),
    slice("ParseHTML", 1000, 6000),
    slice("EvaluateScript", 2000, 1000),
    slice("v8.compile", 2000, 400),
    slice("RunTask", 12_000, 4000),
    slice("Layout", 12_000, 3000),
    // On another thread: not the page's main thread.
    { ...slice("Layout", 12_000, 3000), tid: 2 },
    // Straddles first paint: only the part before it counts.
    slice("Paint", 15_500, 1000),
    { ...main, name: "firstContentfulPaint", ph: "R", ts: 16_000 },
    slice("Layout", 17_000, 5000),
  ];
  const work = workBeforePaint(events);

  it("counts each slice's self time by its kind, nested script inside parsing as script", () => {
    expect(work.parse).toBeCloseTo(5);
    expect(work.script).toBeCloseTo(1);
    expect(work.layout).toBeCloseTo(3);
    expect(work.paint).toBeCloseTo(0.5);
  });

  it("sums the counted kinds, leaving the tasks' own time as other", () => {
    expect(work.total).toBeCloseTo(9.5);
    expect(work.other).toBeCloseTo(4.5);
  });
});
