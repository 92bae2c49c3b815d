import { describe, expect, it } from "vitest";
import { answerFor } from "./clean-urls";

const DIST = new Set([
  "index.html",
  "success.html",
  "404.html",
  "_headers",
  "_redirects",
  "vercel.json",
  ".vercelignore",
  "robots.txt",
  "assets/app.js",
  ".well-known/security.txt",
]);
const answer = (path: string) => answerFor(path, async (file) => DIST.has(file));

describe("answerFor", () => {
  it("serves each page at its clean URL, with no redirect", async () => {
    expect(await answer("/")).toEqual({ kind: "file", file: "index.html" });
    expect(await answer("/success")).toEqual({ kind: "file", file: "success.html" });
  });

  it("redirects a page's file name and a trailing slash to the clean URL", async () => {
    expect(await answer("/success.html")).toEqual({ kind: "redirect", location: "/success" });
    expect(await answer("/success/")).toEqual({ kind: "redirect", location: "/success" });
    expect(await answer("/index.html")).toEqual({ kind: "redirect", location: "/" });
  });

  it("serves other files as they are", async () => {
    expect(await answer("/robots.txt")).toEqual({ kind: "file", file: "robots.txt" });
    expect(await answer("/assets/app.js")).toEqual({ kind: "file", file: "assets/app.js" });
    expect(await answer("/.well-known/security.txt")).toEqual({
      kind: "file",
      file: ".well-known/security.txt",
    });
  });

  it("never serves the deploy files or the not-found page as a page", async () => {
    for (const path of ["/_headers", "/_redirects", "/vercel.json", "/.vercelignore", "/404"]) {
      expect(await answer(path), path).toEqual({ kind: "notFound" });
    }
    expect(await answer("/404.html")).toEqual({ kind: "notFound" });
    expect(await answer("/nope")).toEqual({ kind: "notFound" });
    expect(await answer("/nope/")).toEqual({ kind: "notFound" });
  });
});
