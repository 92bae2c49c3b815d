/**
 * The production build as Cloudflare Pages serves it: `wrangler pages dev` (Cloudflare's asset
 * server inside workerd) reads dist/_headers and dist/_redirects as the host does.
 */
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { hostFiles } from "../../scripts/build/host-files";
import { cacheControl, securityHeaders } from "../../scripts/build/http-headers";
import { readBuildSettings } from "../../server/preview";
import { notFoundPage, sitePages } from "../../src/site-paths";
import { servedText } from "../e2e/support/copy";
import { expect, test } from "../e2e/support/fixtures";
import { uniqueEmail } from "../e2e/support/guards";
import { E2E_HOSTS_SITE_URL } from "../e2e/support/stack-ports";
import { gotoApp, reloadApp } from "../e2e/support/tabs";
import { waitlistForm } from "../e2e/support/waitlist-page";
import { NOT_FOUND, SUCCESS_HEADING } from "../e2e/support/words";
import { FIRST_ROUND_TRIP_BYTES, wireSize } from "./first-response";
import { HOSTS_DIST_DIR, HOSTS_WORK_DIR, WRANGLER_LOG } from "./host-stack";

/** A page's first heading of level 1, as served. */
const heading = (html: string) => servedText(/<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "");
const UNKNOWN_PATHS = ["/pricing", "/success/extra", "/a/b/c"];

const settings = () => readBuildSettings(resolve(HOSTS_WORK_DIR, "build"));

/** The rules of a `_headers` or `_redirects` file, counted as wrangler counts them. */
async function ruleCount(file: string, separator: RegExp): Promise<number> {
  const text = await readFile(resolve(HOSTS_DIST_DIR, file), "utf8");
  return text.split(separator).filter((rule) => rule.trim()).length;
}

test("wrangler parsed every _headers and _redirects rule and refused none", async () => {
  const log = await readFile(WRANGLER_LOG, "utf8");
  const headerRules = await ruleCount("_headers", /\n\s*\n/);
  const redirectRules = await ruleCount("_redirects", /\n/);
  expect(headerRules).toBeGreaterThan(2);
  expect(log).toContain(`Parsed ${headerRules} valid header rules.`);
  expect(log).toMatch(new RegExp(`Parsed ${redirectRules} valid redirect rules?\\.`));
  expect(log).not.toMatch(/invalid/i);
});

test("every page and every not-found answer carries every security header, CSP unchanged", async ({
  request,
}) => {
  const expected = securityHeaders(await settings());
  for (const path of [...sitePages.map((page) => page.path), notFoundPage.path, ...UNKNOWN_PATHS]) {
    const response = await request.get(path, { maxRedirects: 0 });
    const headers = response.headers();
    for (const [name, value] of Object.entries(expected)) {
      expect(headers[name.toLowerCase()], `${name} on ${path}`).toBe(value);
    }
    // Cloudflare adds it to every static answer; nothing on another origin reads this site.
    expect(headers["access-control-allow-origin"], path).toBeUndefined();
  }
});

test("pages are revalidated and fingerprinted assets cached for a year", async ({ request }) => {
  for (const { path } of sitePages) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.headers()["cache-control"], path).toBe(cacheControl(path));
  }
  const landing = await (await request.get("/")).text();
  const app = landing.match(/data-app="(\/assets\/[^"]+)"/)?.[1];
  expect(app).toBeDefined();
  const asset = await request.get(app ?? "");
  expect(asset.status()).toBe(200);
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});

test("each page answers 200 at its own path, with no redirect", async ({ request }) => {
  for (const { path } of sitePages) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
  }
  const success = await request.get("/success", { maxRedirects: 0 });
  expect(heading(await success.text())).toBe(SUCCESS_HEADING);
});

test("unknown paths and /404 itself answer 404 with the not-found page", async ({ request }) => {
  for (const path of [...UNKNOWN_PATHS, notFoundPage.path, `/${notFoundPage.file}`]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    const html = await response.text();
    expect(heading(html), path).toBe(NOT_FOUND.heading);
    expect(html, path).toContain(NOT_FOUND.hint);
  }
});

test("the hosts' deploy files are never served", async ({ request }) => {
  for (const name of Object.keys(await hostFiles(await settings()))) {
    const served = await readFile(resolve(HOSTS_DIST_DIR, name), "utf8");
    const response = await request.get(`/${name}`);
    expect(response.status(), name).toBe(404);
    expect(await response.text(), name).not.toContain(served.trim());
  }
});

for (const { path } of sitePages) {
  test(`${path} arrives whole in the first round trip at Cloudflare's own brotli`, async () => {
    const response = await wireSize(`${E2E_HOSTS_SITE_URL}${path}`, "br");
    console.log(`${path}: ${response.headerBytes} B of headers, ${response.bodyBytes} B brotli`);
    expect(response.status).toBe(200);
    expect(response.encoding).toBe("br");
    expect(response.headerBytes + response.bodyBytes).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BYTES);
  });
}

test("a signup through the form reaches /success with no redirect", async ({ page, emulator }) => {
  // Look like a visitor's browser: the production build's blockHeadless refuses a webdriver.
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, "webdriver", { get: () => false }),
  );
  const documents: { url: string; status: number }[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "document") {
      documents.push({ url: new URL(response.url()).pathname, status: response.status() });
    }
  });
  const address = uniqueEmail("cloudflare");
  await gotoApp(page, "/");
  const { email, submit } = waitlistForm(page);
  await email.fill(address);
  await submit.click();
  await expect(page.getByRole("heading", { name: SUCCESS_HEADING })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/success");
  expect(await emulator.outbox(address)).toHaveLength(1);
  // Reloaded, the thank-you page comes straight from the host: one 200, no 308 first.
  documents.length = 0;
  await reloadApp(page);
  await expect(page.getByRole("heading", { name: SUCCESS_HEADING })).toBeVisible();
  expect(documents).toEqual([{ url: "/success", status: 200 }]);
});
