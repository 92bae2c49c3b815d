import { gzipSync } from "node:zlib";
import { expect, test } from "./fixtures";

/** PRODUCT.md §4 weight budget for what `/` loads, gzip bytes as served. */
const JS_BUDGET_BYTES = 100 * 1024;
const CSS_BUDGET_BYTES = 15 * 1024;

test("the landing page stays within its JavaScript and CSS budget", async ({ page }) => {
  const sizes = { js: 0, css: 0 };
  const scripts: string[] = [];
  const notGzipped: string[] = [];
  // Only collected here: an assertion inside the listener would not fail the test.
  page.on("response", (response) => {
    const headers = response.headers();
    const type = headers["content-type"] ?? "";
    const bytes = Number(headers["content-length"] ?? 0);
    if (headers["content-encoding"] !== "gzip") notGzipped.push(response.url());
    if (type.startsWith("text/javascript")) {
      sizes.js += bytes;
      scripts.push(new URL(response.url()).pathname);
    }
    if (type.startsWith("text/css")) sizes.css += bytes;
  });
  await page.goto("/");
  // The app loads what a send needs once the page is idle, then marks it.
  await page.waitForFunction(() => performance.getEntriesByName("bulwark:preloaded").length > 0);
  await page.waitForLoadState("networkidle");
  expect(notGzipped, "responses served without gzip").toEqual([]);
  // The site's CSS is inlined into the HTML: count it as gzip bytes too.
  const inlineCss = await page.evaluate(() =>
    [...document.querySelectorAll("style")].map((style) => style.textContent ?? "").join(""),
  );
  if (inlineCss) sizes.css += gzipSync(inlineCss).length;
  console.log(`JavaScript for /: ${sizes.js} B gzip; CSS: ${sizes.css} B gzip`);
  expect(sizes.js).toBeGreaterThan(0);
  expect(sizes.js).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  expect(sizes.css).toBeGreaterThan(0);
  expect(sizes.css).toBeLessThanOrEqual(CSS_BUDGET_BYTES);
  // A page that is only looked at loads the app, then at idle what a send needs (the email SDK, the
  // toaster and the parts it shares); the tooltips wait for the first interaction.
  expect(scripts.filter((path) => path.includes("tooltip"))).toEqual([]);
});
