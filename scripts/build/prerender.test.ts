import { describe, expect, it } from "vitest";
import { buildInlineLoader } from "./inline-loader-build";
import { inlinedCss, PrerenderError, tagHolding } from "./prerender";

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

describe("inlinedCss", () => {
  it("drops the licence banner", () => {
    expect(inlinedCss("/*! tailwindcss v4 | MIT License */\n.a{color:red}\n")).toBe(
      ".a{color:red}",
    );
  });

  it("keeps a translucent colour once, as hex, wherever it stands in the rule", () => {
    const css =
      ".a{border-color:#4da3ff99;border-color:lab(64.9383% -3.97208 -54.2484/.6)}" +
      ".b{color:#fff;background-color:#0b112099;background-color:lab(5.09% .99 -10.9/.6);margin:0}" +
      ".c{fill:#0008;fill:lab(0% 0 0/.53)}";
    expect(inlinedCss(css)).toBe(
      ".a{border-color:#4da3ff99}.b{color:#fff;background-color:#0b112099;margin:0}.c{fill:#0008}",
    );
  });

  it("keeps a lab() colour that has no hex twin before it", () => {
    const css = ".a{color:lab(50% 10 10)}.b{color:#4da3ff99;background:lab(64% -3 -54/.6)}";
    expect(inlinedCss(css)).toBe(css);
  });
});
