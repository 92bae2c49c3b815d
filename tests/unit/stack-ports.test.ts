/**
 * The test runs' ports: one part, one port, none that Chromium refuses; that the documents count
 * them as they are is scripts/quality/doc-figures.test.ts's.
 */
import { describe, expect, it } from "vitest";
import { PORT_OFFSETS, refusedParts } from "../e2e/support/stack-ports";

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
});
