/**
 * The field signals' first-party endpoint on Vercel: `vercel build` of the build with the proxy
 * (Plausible's cloud as the upstream), whose routes must forward the endpoint and whose public
 * output must hold none of the deploy files, Cloudflare's worker and its routes included.
 */
import { resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { HOST_FILE_NAMES } from "../../scripts/build/host-files";
import { securityHeaders } from "../../scripts/build/http-headers";
import { DEFAULT_PLAUSIBLE_ENDPOINT } from "../../src/analytics/config";
import { sitePages } from "../../src/site-paths";
import { buildWithProxy, EVENT_PROXY_PATH } from "./event-proxy";
import { HOSTS_WORK_DIR } from "./host-stack";
import { type VercelBuild, vercelBuild } from "./vercel-build";

let build: VercelBuild | undefined;
let built: Awaited<ReturnType<typeof buildWithProxy>>;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  built = await buildWithProxy(resolve(HOSTS_WORK_DIR, "proxy-vercel"), DEFAULT_PLAUSIBLE_ENDPOINT);
  build = await vercelBuild(built.distDir);
});

test.afterAll(async () => {
  await build?.remove();
});

test("the endpoint is rewritten to Plausible, and only the endpoint", () => {
  const routes = build?.config.routes ?? [];
  const rewrites = routes.filter((route) => route.dest === DEFAULT_PLAUSIBLE_ENDPOINT);
  expect(rewrites).toHaveLength(1);
  const matches = new RegExp(rewrites[0]?.src ?? "^$");
  expect(matches.test(EVENT_PROXY_PATH)).toBe(true);
  for (const other of ["/", "/success", `${EVENT_PROXY_PATH}/more`, "/p7/api", "/api/event"]) {
    expect(matches.test(other), other).toBe(false);
  }
  // A rewrite is tried once no file matched (after the filesystem phase), before the 404.
  const at = routes.indexOf(rewrites[0] ?? {});
  expect(at).toBeGreaterThan(routes.findIndex((route) => route.handle === "filesystem"));
  expect(at).toBeLessThan(routes.findIndex((route) => route.handle === "error"));
});

test("every path still gets every security header", () => {
  const everywhere = build?.config.routes.find((route) => route.src === "^(?:/(.*))$");
  expect(everywhere?.headers).toMatchObject(securityHeaders(built.settings));
});

test("none of the deploy files is in the public output", async () => {
  const files = (await build?.publicFiles()) ?? [];
  for (const name of HOST_FILE_NAMES) expect(files, name).not.toContain(name);
  for (const page of sitePages) expect(files).toContain(page.file);
});
