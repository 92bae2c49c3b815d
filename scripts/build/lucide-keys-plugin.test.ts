import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { withoutShapeKeys } from "./lucide-keys-plugin";

describe("withoutShapeKeys", () => {
  it("drops each shape's key from a lucide icon module and keeps its drawing", () => {
    const menu = new URL(
      "../../node_modules/lucide-react/dist/esm/icons/menu.mjs",
      import.meta.url,
    );
    const source = readFileSync(menu, "utf8");
    expect(source).toContain('key: "1tepv9"');
    const stripped = withoutShapeKeys(source);
    expect(stripped).not.toMatch(/key:/);
    expect(stripped).toContain('["path", { d: "M4 5h16" }]');
    expect(stripped).toContain('["path", { d: "M4 19h16" }]');
  });
});
