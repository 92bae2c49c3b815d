import { describe, expect, it } from "vitest";
import { fillSlot } from "./fill-slot";

const SLOT = "<!--app-html-->";

describe("fillSlot", () => {
  it("puts the content where the slot was", () => {
    expect(fillSlot(`<div>${SLOT}</div>`, SLOT, "<p>Hi</p>")).toBe("<div><p>Hi</p></div>");
  });

  it("keeps replacement patterns in the content as they are", () => {
    const content = "Save $$$ and $& with $' or $`";
    expect(fillSlot(`<p>${SLOT}</p>`, SLOT, content)).toBe(`<p>${content}</p>`);
  });

  it("fails when the slot is missing", () => {
    expect(() => fillSlot("<div></div>", SLOT, "x")).toThrow(
      "The HTML template must hold <!--app-html--> exactly once; it holds it 0 times.",
    );
  });

  it("fails when the slot is there twice", () => {
    expect(() => fillSlot(`${SLOT}${SLOT}`, SLOT, "x")).toThrow(
      "The HTML template must hold <!--app-html--> exactly once; it holds it 2 times.",
    );
  });
});
