import { gzipSync } from "node:zlib";
import { WEIGHT_BUDGETS } from "../../../scripts/bench/budgets";
import { expect, test } from "../support/fixtures";
import { E2E_ANALYTICS_SITE_URL, E2E_SITE_URL } from "../support/stack-ports";
import { gotoApp } from "../support/tabs";

/*
 * The weight budgets (scripts/bench/budgets.ts, shared with the bench) for what `/` loads, its idle
 * preloads included: JavaScript as served in brotli, and in gzip as a host that only gzips would
 * send it; CSS in gzip. The build with the field signals on (docs/analytics.md) keeps the same
 * budget with Plausible's tracker counted; the build without them never loads it.
 */

const TRACKER_CHUNK = /\/assets\/plausible-tracker-[\w-]+\.js$/;
const BUILDS = [
  { name: "the default build", url: E2E_SITE_URL, loadsTracker: false },
  { name: "the build with the field signals", url: E2E_ANALYTICS_SITE_URL, loadsTracker: true },
];

for (const build of BUILDS) {
  test(`the landing page of ${build.name} stays within its JavaScript and CSS budget`, async ({
    page,
    request,
  }) => {
    const scripts: string[] = [];
    const stylesheets: string[] = [];
    const notBrotli: string[] = [];
    // Only collected here: an assertion inside the listener would not fail the test.
    page.on("response", (response) => {
      const headers = response.headers();
      const type = headers["content-type"] ?? "";
      const ours = new URL(response.url()).origin === build.url;
      if (ours && headers["content-encoding"] !== "br") notBrotli.push(response.url());
      if (type.startsWith("text/javascript")) scripts.push(response.url());
      if (type.startsWith("text/css")) stylesheets.push(response.url());
    });
    const trackerLoaded = build.loadsTracker
      ? page.waitForResponse((response) => TRACKER_CHUNK.test(response.url()))
      : undefined;
    await gotoApp(page, `${build.url}/`);
    // The app loads what a send needs once the page is idle, then marks it (and, with the field
    // signals on, loads the tracker).
    await page.waitForFunction(() => performance.getEntriesByName("bulwark:preloaded").length > 0);
    await trackerLoaded;
    await page.waitForLoadState("networkidle");
    // A browser that takes brotli (every current one) gets it from the site, as from the static
    // hosts (the field signals' collector answers with no body).
    expect(notBrotli, "responses served without brotli").toEqual([]);

    const encodedBytes = async (urls: string[], encoding: "br" | "gzip") => {
      let total = 0;
      for (const url of urls) {
        const response = await request.get(url, { headers: { "Accept-Encoding": encoding } });
        expect(response.headers()["content-encoding"], url).toBe(encoding);
        total += Number(response.headers()["content-length"]);
      }
      return total;
    };
    const gzipBytes = (urls: string[]) => encodedBytes(urls, "gzip");
    const jsBrotliBytes = await encodedBytes(scripts, "br");
    const jsBytes = await gzipBytes(scripts);
    // The site's CSS is inlined into the HTML: count it as gzip bytes too.
    const inlineCss = await page.evaluate(() =>
      [...document.querySelectorAll("style")].map((style) => style.textContent ?? "").join(""),
    );
    const cssBytes = (await gzipBytes(stylesheets)) + gzipSync(inlineCss).length;
    console.log(
      `${build.name}, JavaScript for /: ${jsBrotliBytes} B brotli, ${jsBytes} B gzip; CSS: ${cssBytes} B gzip`,
    );
    expect(jsBrotliBytes).toBeGreaterThan(0);
    expect(jsBrotliBytes).toBeLessThanOrEqual(WEIGHT_BUDGETS.jsBrotliBytes);
    expect(jsBytes).toBeLessThanOrEqual(WEIGHT_BUDGETS.jsGzipBytes);
    expect(cssBytes).toBeGreaterThan(0);
    expect(cssBytes).toBeLessThanOrEqual(WEIGHT_BUDGETS.cssGzipBytes);
    // A page that is only looked at loads the app, then at idle what a send needs (the email SDK, the
    // toaster and the parts it shares); the tooltips, the typo hint's check and the pending note wait
    // for the first interaction (the note sooner where one is found), a failure's causes for a failure.
    expect(
      scripts.filter((url) => /tooltip|typo-hint|pending-note|failure-cause/.test(url)),
    ).toEqual([]);
    // Counted when it loads (at idle), and never loaded by the build without the setting.
    expect(scripts.some((url) => TRACKER_CHUNK.test(url))).toBe(build.loadsTracker);
  });
}

/** A page's HTML, response headers included, arrives in the first round trip of a new connection. */
for (const path of ["/", "/success"]) {
  test(`${path} arrives in one round trip, headers included`, async ({ request }) => {
    const response = await request.get(path, { headers: { "Accept-Encoding": "br" } });
    expect(response.headers()["content-encoding"]).toBe("br");
    const statusLine = `HTTP/1.1 ${response.status()} ${response.statusText()}\r\n`;
    const headerBytes = response
      .headersArray()
      .reduce(
        (total, { name, value }) => total + `${name}: ${value}\r\n`.length,
        statusLine.length + 2,
      );
    const bodyBytes = Number(response.headers()["content-length"]);
    console.log(`${path}: ${headerBytes} B of headers, ${bodyBytes} B of brotli HTML`);
    expect(bodyBytes).toBeGreaterThan(0);
    expect(headerBytes + bodyBytes).toBeLessThanOrEqual(WEIGHT_BUDGETS.firstRoundTripBytes);
  });
}

/**
 * The app's module is compiled as it streams in, off the main thread (V8's explicit compile hint,
 * vite.config.ts): its first line says so. What loads at idle or later compiles lazily, as it is.
 */
test("the app's module carries the compile hint; the modules loaded later do not", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const setting = (name: string) =>
    new RegExp(`<script[^>]* data-${name}="([^"]*)"`).exec(html)?.[1] ?? "";
  const firstLine = async (path: string) =>
    (await (await request.get(path)).text()).split("\n", 1)[0];
  expect(await firstLine(setting("app"))).toBe("//# allFunctionsCalledOnLoad");
  const later = setting("preload").split(" ");
  expect(later.length).toBeGreaterThan(0);
  for (const path of later)
    expect(await firstLine(path), path).not.toContain("allFunctionsCalledOnLoad");
});
