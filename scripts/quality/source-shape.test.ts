/**
 * The source-shape check (source-shape.ts, in `npm run check`): a module-level `let` or `var` is
 * found wherever it is written at the top of a module, and only there; each allowed one is allowed
 * in its own file only, and an allowance nothing declares any more is a finding; a function is
 * measured from its first line to its last, and held to 120 lines, or 80 in the delivery's factories.
 */
import { describe, expect, it } from "vitest";
import {
  findingsIn,
  functionLengths,
  MODULE_STATE_ALLOWED,
  moduleLets,
  STEP_FILES,
  staleAllowances,
} from "./source-shape";

/** A function named `name` of `lines` lines in all, written at the top of a module. */
function functionOf(name: string, lines: number): string {
  const body = Array.from({ length: lines - 2 }, (_, at) => `  const a${at} = ${at};`);
  return [`export function ${name}() {`, ...body, "}", ""].join("\n");
}

describe("moduleLets", () => {
  it("finds each name a module-level let or var declares, exported ones too, with its line", () => {
    const source = [
      "let a = 1;",
      "export let b: number | undefined;",
      "var c = 2, d = 3;",
      "const e = { f: 1 };",
    ].join("\n");
    expect(moduleLets(source, "x.ts")).toEqual([
      { name: "a", line: 1 },
      { name: "b", line: 2 },
      { name: "c", line: 3 },
      { name: "d", line: 3 },
    ]);
  });

  it("leaves what functions, blocks and loops declare", () => {
    const source = [
      "function f() { let a = 1; var b = a; return b; }",
      "const g = () => { let c = 0; return ++c; };",
      "for (let i = 0; i < 2; i++) {}",
      "for (const k of []) { let m = k; }",
      "{ let n = 1; }",
      "if (Math.random()) { var o = 1; }",
      "class P { static { let q = 1; } }",
    ].join("\n");
    expect(moduleLets(source, "x.ts")).toEqual([]);
  });

  it("reads TSX", () => {
    expect(moduleLets("let a = <div />;\n", "x.tsx")).toEqual([{ name: "a", line: 1 }]);
  });
});

describe("functionLengths", () => {
  it("measures every function, nested ones too, by the name it is known by", () => {
    const source = [
      "function one() {",
      "  return 1;",
      "}",
      "const two = () =>",
      "  2;",
      "const object = {",
      "  three() {",
      "    return [4].map((four) => four);",
      "  },",
      "};",
    ].join("\n");
    expect(functionLengths(source, "x.ts")).toEqual([
      { name: "one", line: 1, lines: 3 },
      { name: "two", line: 4, lines: 2 },
      { name: "three", line: 7, lines: 3 },
      { name: "(anonymous)", line: 8, lines: 1 },
    ]);
  });
});

describe("findingsIn", () => {
  it("refuses a module-level let outside the allowlist, and allows one on it in its file only", () => {
    const [file = "", [name = ""] = []] = Object.entries(MODULE_STATE_ALLOWED)[0] ?? [];
    const source = `let ${name} = 1;\nlet other = 2;\n`;
    expect(findingsIn(source, file)).toEqual([
      {
        file,
        line: 2,
        message: "module-level `other`: keep it in an object made at start-up and handed down",
      },
    ]);
    expect(findingsIn(source, "src/elsewhere.ts").map((finding) => finding.line)).toEqual([1, 2]);
  });

  it("holds a function to 120 lines", () => {
    expect(findingsIn(functionOf("long", 120), "src/a.ts")).toEqual([]);
    expect(findingsIn(functionOf("long", 121), "src/a.ts")).toEqual([
      { file: "src/a.ts", line: 1, message: "long is 121 lines (at most 120)" },
    ]);
  });

  it("holds the delivery factories' files to 80 lines a function", () => {
    const [file = ""] = STEP_FILES;
    expect(findingsIn(functionOf("step", 80), file)).toEqual([]);
    expect(findingsIn(functionOf("step", 81), file)).toEqual([
      { file, line: 1, message: "step is 81 lines (at most 80)" },
    ]);
    expect(findingsIn(functionOf("step", 81), "src/a.ts")).toEqual([]);
  });
});

describe("staleAllowances", () => {
  const everything = new Map(Object.entries(MODULE_STATE_ALLOWED));

  it("is quiet while every allowed name is still declared", () => {
    expect(staleAllowances(everything)).toEqual([]);
  });

  it("names an allowance whose state has gone", () => {
    const [file = "", names = []] = Object.entries(MODULE_STATE_ALLOWED)[0] ?? [];
    const gone = new Map(everything).set(file, names.slice(1));
    expect(staleAllowances(gone)).toEqual([
      { file, line: 1, message: `allowed \`${names[0]}\` is declared no more` },
    ]);
  });
});
