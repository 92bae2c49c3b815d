/**
 * The production build as Vercel would serve it, from Vercel's own build: `vercel build` run offline
 * in a copy of dist/ (the project's root on Vercel, docs/deploying.md) with a stub project file,
 * then its routes (.vercel/output/config.json) and its public files checked.
 */
import { resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { HOST_FILE_NAMES } from "../../scripts/build/host-files";
import { securityHeaders } from "../../scripts/build/http-headers";
import { readBuildSettings } from "../../server/preview";
import { sitePages } from "../../src/site-paths";
import { HOSTS_DIST_DIR, HOSTS_WORK_DIR } from "./host-stack";
import { type OutputConfig, type Route, type VercelBuild, vercelBuild } from "./vercel-build";

let build: VercelBuild | undefined;
let config: OutputConfig;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  build = await vercelBuild(HOSTS_DIST_DIR);
  config = build.config;
});

test.afterAll(async () => {
  await build?.remove();
});

/**
 * The routes Vercel applies before looking for a file that answer `path` with a status of their own
 * (those after the first `handle`, such as the error phase, run only when no file matched).
 */
function statusRoutesFor(path: string): Route[] {
  const firstPhase = config.routes.findIndex((route) => route.handle);
  return config.routes
    .slice(0, firstPhase === -1 ? undefined : firstPhase)
    .filter((route) => route.src && route.status && new RegExp(route.src).test(path));
}

test("every path gets every security header, pages revalidated and assets cached for a year", async () => {
  const settings = await readBuildSettings(resolve(HOSTS_WORK_DIR, "build"));
  const everywhere = config.routes.find((route) => route.src === "^(?:/(.*))$");
  expect(everywhere?.headers).toEqual({
    ...securityHeaders(settings),
    "Cache-Control": "no-cache",
  });
  const assets = config.routes.find((route) => route.src === "^/assets(?:/(.*))$");
  expect(assets?.headers).toEqual({ "Cache-Control": "public, max-age=31536000, immutable" });
  // Both add to the answer and let the later rules run: the asset rule, later, wins.
  expect(config.routes.indexOf(everywhere ?? {})).toBeLessThan(config.routes.indexOf(assets ?? {}));
});

test("each page is served at its own path with no redirect; its file name redirects there", async () => {
  for (const page of sitePages) {
    expect(statusRoutesFor(page.path), page.path).toEqual([]);
    if (page.path === "/") continue;
    expect(config.overrides?.[page.file]?.path, page.file).toBe(page.path.slice(1));
    for (const moved of [`/${page.file}`, `${page.path}/`]) {
      expect(
        statusRoutesFor(moved).map((route) => route.status),
        moved,
      ).toEqual([308]);
    }
  }
});

test("unknown paths fall through to the not-found page with 404", () => {
  const afterError = config.routes.slice(config.routes.findIndex((r) => r.handle === "error"));
  expect(afterError).toContainEqual(expect.objectContaining({ status: 404, dest: "/404" }));
});

test("the hosts' deploy files are not in the public output", async () => {
  const files = (await build?.publicFiles()) ?? [];
  for (const name of HOST_FILE_NAMES) expect(files, name).not.toContain(name);
  for (const page of sitePages) expect(files).toContain(page.file);
});
