import { describe, expect, it } from "vitest";
import { buildInlineLoader } from "./inline-loader-build";
import { PrerenderError, tagHolding } from "./prerender";

describe("tagHolding", () => {
  const template = [
    '<link rel="icon" href="/favicon.svg">',
    '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
    '<link crossorigin rel="stylesheet" href="/assets/index-def.css">',
  ].join("\n");

  it("finds the whole script tag whatever the order of its attributes", () => {
    expect(tagHolding(template, 'src="/assets/index-abc.js"', "script")).toBe(
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
    );
  });

  it("finds the whole link tag", () => {
    expect(tagHolding(template, 'href="/assets/index-def.css"', "link")).toBe(
      '<link crossorigin rel="stylesheet" href="/assets/index-def.css">',
    );
  });

  it("stops the build when the asset is not referenced, or referenced twice", () => {
    expect(() => tagHolding(template, 'src="/assets/other.js"', "script")).toThrow(PrerenderError);
    expect(() =>
      tagHolding(`${template}${template}`, 'src="/assets/index-abc.js"', "script"),
    ).toThrow(PrerenderError);
  });
});

describe("the inline loader", () => {
  it("is one minified script under its 1 KB budget, with no module syntax left", async () => {
    const code = await buildInlineLoader();
    expect(Buffer.byteLength(code)).toBeLessThanOrEqual(1024);
    expect(code).not.toMatch(/\bimport\b|\bexport\b/);
    expect(code).not.toContain("\n");
  });
});
