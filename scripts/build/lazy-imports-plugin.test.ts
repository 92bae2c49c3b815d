import { describe, expect, it } from "vitest";
import { chunksWithPreloads } from "./lazy-imports-plugin";

const chunk = (fileName: string, code: string) => ({ type: "chunk", fileName, code });

describe("chunksWithPreloads", () => {
  it("names the chunks whose lazy imports list files to preload, and only those", () => {
    const bundle = {
      "a.js": chunk("assets/a.js", 'const x=()=>import("./b.js");'),
      "b.js": chunk(
        "assets/b.js",
        'const __vite__mapDeps=(i)=>i;e(()=>import("./c.js"),__vite__mapDeps([0]))',
      ),
      "c.css": { type: "asset", fileName: "assets/c.css", source: "__vite__mapDeps" },
    };
    expect(chunksWithPreloads(bundle as never)).toEqual(["assets/b.js"]);
  });
});
