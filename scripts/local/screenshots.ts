/**
 * Screenshots of the built pages at 320, 375, 768, 1280 and 1920 px, for looking at what we ship,
 * plus close-ups of the waitlist form with its privacy notice open and of the footer.
 * Run: npm run build:local && npm run screenshots (writes reports/screenshots/*.png); without a
 * build it says so in one line. `-- --out-dir <folder>` shoots the build of `npm run build -- --out-dir`.
 */
import { mkdir } from "node:fs/promises";
import { resolve } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { buildDirArgument, exitOnOneLineError, readBuild } from "../../server/preview";
import { startPreviewServer } from "../../server/preview-server";
import { sitePages } from "../../src/site-paths";
import { CHROMIUM_ARGS, chromiumExecutable } from "../../tests/e2e/support/browser";

const WIDTHS = [320, 375, 768, 1280, 1920];
const PAGES = [
  ...sitePages.map((page) => ({ name: page.id, path: page.path })),
  { name: "not-found", path: "/missing-page" },
];

/**
 * One part of the page, cut from a full-page shot: an element's own screenshot scrolls it into
 * view, where the fixed header would cover its top.
 */
async function closeUp(page: Page, part: Locator, path: string) {
  const clip = await part.evaluate((element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    return { x, y: y + window.scrollY, width, height };
  });
  await page.screenshot({ path, fullPage: true, clip });
  console.log(path);
}

const root = resolve(import.meta.dirname, "../..");
const outDir = resolve(root, "reports/screenshots");
// The build first: without one, the line saying what to run before anything starts.
const { distDir, settings } = await readBuild(buildDirArgument()).catch(exitOnOneLineError);
// Playwright loaded only once there is something to shoot, so a missing build is said at once.
const { chromium } = await import("@playwright/test");
await mkdir(outDir, { recursive: true });
const site = await startPreviewServer({ distDir, settings, port: 0 });
const browser = await chromium.launch({
  executablePath: chromiumExecutable(),
  args: CHROMIUM_ARGS,
});
try {
  for (const width of WIDTHS) {
    // Reduced motion shows every card at once, so a full-page shot has no half-faded cards.
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    for (const { name, path } of PAGES) {
      await page.goto(`${site.url}${path}`);
      // Scroll through once so lazy images load before the full-page shot.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((done) => setTimeout(done, 50));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForLoadState("networkidle");
      // A window as tall as the page: the browser skips painting bands far off screen
      // (content-visibility), which a full-page capture of a short window would show blank.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width, height });
      const file = resolve(outDir, `${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await page.setViewportSize({ width, height: 900 });
      console.log(file);
      if (name !== "landing") continue;
      const form = page.getByRole("form", { name: "Join the early-access waitlist" });
      await form.getByText("How we handle your address").click();
      await closeUp(page, form, resolve(outDir, `waitlist-privacy-open-${width}.png`));
      await closeUp(page, page.getByRole("contentinfo"), resolve(outDir, `footer-${width}.png`));
    }
    await context.close();
  }
} finally {
  await browser.close();
  await site.close();
}
