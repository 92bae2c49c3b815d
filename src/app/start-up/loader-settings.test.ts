import { afterEach, describe, expect, it, vi } from "vitest";
import { linkWebManifest, preloadSendOutcome } from "./loader-settings";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A document whose head collects appended links, with the loader's tag carrying `dataset`. */
function fakeDocument(dataset: Record<string, string> | null) {
  const appended: Record<string, unknown>[] = [];
  vi.stubGlobal("document", {
    querySelector: (selector: string) =>
      selector === "script[data-app]" && dataset ? { dataset } : null,
    createElement: () => ({}),
    head: { append: (node: Record<string, unknown>) => appended.push(node) },
  });
  const marks: string[] = [];
  vi.stubGlobal("performance", { mark: (name: string) => marks.push(name) });
  return { appended, marks };
}

describe("linkWebManifest", () => {
  it("links the manifest the loader names", () => {
    const { appended } = fakeDocument({ manifest: "/site.webmanifest" });
    linkWebManifest();
    expect(appended).toEqual([{ rel: "manifest", href: "/site.webmanifest" }]);
  });

  it("links nothing without the loader (dev)", () => {
    const { appended } = fakeDocument(null);
    linkWebManifest();
    expect(appended).toEqual([]);
  });
});

describe("preloadSendOutcome", () => {
  it("module-preloads each listed file, then marks the page once all have settled", async () => {
    const { appended, marks } = fakeDocument({ preload: "/assets/a.js /assets/b.js" });
    preloadSendOutcome();
    expect(appended.map(({ rel, href }) => ({ rel, href }))).toEqual([
      { rel: "modulepreload", href: "/assets/a.js" },
      { rel: "modulepreload", href: "/assets/b.js" },
    ]);
    const [first, second] = appended as { onload: () => void; onerror: () => void }[];
    first?.onload();
    await Promise.resolve();
    expect(marks).toEqual([]);
    second?.onerror();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(marks).toEqual(["bulwark:preloaded"]);
  });

  it("preloads nothing without the loader, and still marks the page", async () => {
    const { appended, marks } = fakeDocument(null);
    preloadSendOutcome();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(appended).toEqual([]);
    expect(marks).toEqual(["bulwark:preloaded"]);
  });
});
