import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { DEV_SERVER, sitesForRun, testFilters } from "../e2e/support/spec-sites";

const testDir = resolve(import.meta.dirname, "../e2e");
const run = (...args: string[]) => ["node", "playwright", "test", ...args];

describe("testFilters", () => {
  it("keeps the filters and skips the options and their values", () => {
    expect(
      testFilters(run("a.spec.ts", "--repeat-each", "3", "-g", "x y", "b.spec.ts:12")),
    ).toEqual(["a.spec.ts", "b.spec.ts:12"]);
    expect(testFilters(run("--workers=1", "--headed", "a.spec.ts"))).toEqual(["a.spec.ts"]);
  });

  it("means every file without a filter, outside `test`, or with an option it does not follow", () => {
    expect(testFilters(run("--grep", "form"))).toBeUndefined();
    expect(testFilters(["node", "worker.js"])).toBeUndefined();
    expect(testFilters(run("--last-failed", "a.spec.ts"))).toBeUndefined();
    expect(testFilters(run("--project", "chromium", "a.spec.ts"))).toBeUndefined();
  });
});

describe("sitesForRun", () => {
  it("builds the local site alone for a spec that names no other", () => {
    expect(sitesForRun(run("tests/e2e/site/pages.spec.ts"), testDir)).toEqual(["local"]);
  });

  it("adds each site whose address a picked spec names", () => {
    const sites = sitesForRun(run("tests/e2e/waitlist/bot-check.spec.ts:40"), testDir);
    expect(sites).toContain("bot-check");
    expect(sites).toContain("local");
    expect(sitesForRun(run("field-signals"), testDir)).toContain("analytics");
  });

  it("builds every site for the whole suite or a filter that picks no spec", () => {
    expect(sitesForRun(run(), testDir)).toBeUndefined();
    expect(sitesForRun(run("no-such-spec"), testDir)).toBeUndefined();
    expect(new Set(sitesForRun(run("tests/e2e/"), testDir))).toEqual(
      new Set(["local", "production", "misconfigured", "bot-check", "analytics", DEV_SERVER]),
    );
  });

  it("starts the dev server, and no site, for the dev-mode check alone", () => {
    expect(sitesForRun(run("tests/e2e/dev"), testDir)).toEqual([DEV_SERVER]);
    expect(new Set(sitesForRun(run("dev-server", "pages.spec"), testDir))).toEqual(
      new Set([DEV_SERVER, "local"]),
    );
  });
});
