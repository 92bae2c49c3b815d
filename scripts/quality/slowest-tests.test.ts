import { describe, expect, it } from "vitest";
import { slowestFiles, testTimes } from "./slowest-tests";

const result = (duration: number, status = "passed") => ({
  tests: [{ results: [{ duration, status }] }],
});

describe("slowest tests", () => {
  const report = {
    suites: [
      {
        file: "a.spec.ts",
        specs: [{ title: "one", ...result(300) }],
        suites: [{ file: "a.spec.ts", specs: [{ title: "nested", ...result(500, "failed") }] }],
      },
      { file: "b.spec.ts", specs: [{ title: "two", ...result(700) }] },
    ],
  };

  it("reads every result, nested describes included", () => {
    expect(testTimes(report).map(({ title, ms, status }) => [title, ms, status])).toEqual([
      ["one", 300, "passed"],
      ["nested", 500, "failed"],
      ["two", 700, "passed"],
    ]);
  });

  it("ranks spec files by the sum of their tests, slowest first, cut at the count", () => {
    expect(slowestFiles(testTimes(report))).toEqual([
      ["a.spec.ts", 800],
      ["b.spec.ts", 700],
    ]);
    expect(slowestFiles(testTimes(report), 1)).toEqual([["a.spec.ts", 800]]);
  });
});
