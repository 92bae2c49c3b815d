/**
 * The test runs' ports: one part, one port, and docs/testing.md counts them as they are (it once
 * said four while the stack used seven, two of them shared with the other engines' run).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { PORT_OFFSETS, refusedParts } from "../e2e/support/stack-ports";

const NUMBERS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
];

describe("the test runs' ports", () => {
  it("give each part a port of its own", () => {
    const offsets = Object.values(PORT_OFFSETS);
    expect(new Set(offsets).size).toBe(offsets.length);
    expect(Math.min(...offsets)).toBe(0);
    expect(Math.max(...offsets)).toBe(offsets.length - 1);
  });

  it("are never one Chromium refuses to load", () => {
    expect(refusedParts(4310)).toEqual([]);
    expect(refusedParts(6000)).toEqual(["site (6000)"]);
    expect(refusedParts(5990)).toEqual(["enginesWebDriver (6000)"]);
  });

  it("are counted right where the docs name them", () => {
    const testing = readFileSync(resolve(import.meta.dirname, "../../docs/testing.md"), "utf8");
    const count = NUMBERS[Object.keys(PORT_OFFSETS).length];
    expect(testing).toContain(`${count} ports from \`E2E_PORT_BASE\``);
    expect(testing).not.toMatch(/the e2e stack's four/);
  });
});
