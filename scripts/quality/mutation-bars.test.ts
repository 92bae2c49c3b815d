import { describe, expect, it } from "vitest";
import { filesUnderBar, mutationScore } from "./mutation-bars";

describe("mutationScore", () => {
  it("counts killed and timed-out mutants as detected, survivors and uncovered ones as not", () => {
    expect(mutationScore(["Killed", "Timeout", "Survived", "NoCoverage"])).toBe(50);
    expect(mutationScore(["Killed", "Ignored", "CompileError", "RuntimeError"])).toBe(100);
    expect(mutationScore([])).toBeNaN();
  });
});

describe("filesUnderBar", () => {
  const bars = { "a.ts": 80, "b.ts": 80 };

  it("names each file under its bar with its score, and a file missing from the report", () => {
    const report = {
      files: {
        "a.ts": { mutants: [{ status: "Killed" as const }, { status: "Survived" as const }] },
      },
    };
    expect(filesUnderBar(report, bars)).toEqual([
      "a.ts: 50.00% < 80%",
      "b.ts: no mutants in the report",
    ]);
  });

  it("lets through files at or over their bar", () => {
    const killed = { status: "Killed" as const };
    const survived = { status: "Survived" as const };
    const report = {
      files: {
        "a.ts": { mutants: [killed, killed, killed, killed, survived] },
        "b.ts": { mutants: [killed] },
      },
    };
    expect(filesUnderBar(report, bars)).toEqual([]);
  });
});
