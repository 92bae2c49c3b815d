import { describe, expect, it } from "vitest";
import { escapeMarkup } from "./escape-markup";

describe("escapeMarkup", () => {
  it("escapes every character that could end an attribute or open a tag", () => {
    expect(escapeMarkup(`Tom & "Jerry" <b>`)).toBe("Tom &amp; &quot;Jerry&quot; &lt;b&gt;");
  });

  it("escapes an ampersand first, so an entity in the text stays text", () => {
    expect(escapeMarkup("&lt;")).toBe("&amp;lt;");
  });

  it("leaves plain text as it is", () => {
    expect(escapeMarkup("Bulwark: API security")).toBe("Bulwark: API security");
  });
});
