import { describe, expect, it } from "vitest";
import { cn } from "./cn";

describe("cn", () => {
  it("joins class names with single spaces, in order", () => {
    expect(cn("p-5", "mt-2", "w-full")).toBe("p-5 mt-2 w-full");
  });

  it("skips what a condition left out", () => {
    expect(cn("p-5", false, null, undefined, "", "w-full")).toBe("p-5 w-full");
  });
});
