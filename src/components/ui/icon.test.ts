import { describe, expect, it } from "vitest";
import { mergedPaths } from "./icon";

describe("mergedPaths", () => {
  it("draws every path as one, a relative move first, the other shapes kept", () => {
    const merged = mergedPaths([
      ["path", { d: "M1 2h3", key: "a" }],
      ["circle", { cx: "12", cy: "12", r: "10", key: "b" }],
      ["path", { d: "m9 12 2 2", key: "c" }],
      ["path", { d: "M5 5v4", key: "d" }],
    ]);
    expect(merged).toEqual([
      ["path", { d: "m9 12 2 2M1 2h3M5 5v4", key: "paths" }],
      ["circle", { cx: "12", cy: "12", r: "10", key: "b" }],
    ]);
  });

  it("keeps a second relative move a path of its own: it would start from the first's end", () => {
    const merged = mergedPaths([
      ["path", { d: "m1 1 2 2", key: "a" }],
      ["path", { d: "m5 5 1 1", key: "b" }],
    ]);
    expect(merged).toEqual([
      ["path", { d: "m1 1 2 2", key: "paths" }],
      ["path", { d: "m5 5 1 1", key: "b" }],
    ]);
  });

  it("leaves an icon without paths as it is", () => {
    const rect = ["rect", { width: "4", height: "4", key: "r" }] as const;
    expect(mergedPaths([[...rect]])).toEqual([[...rect]]);
  });
});
