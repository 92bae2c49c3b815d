/**
 * Screenshots of / at a phone and a desktop width in each engine, to look at side by side:
 * `<engine>-<width>.png` is the first screen (WebKit's narrowest is wider than 375 px); Firefox and Chromium also give the whole page
 * (`-full`); WebKit's classic WebDriver shoots the viewport only.
 */
import { resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumExecutable } from "../e2e/support/browser";
import type { Engine, EnginePage } from "./engine-page";

const WIDTHS = [375, 1280];
const HEIGHTS: Record<number, number> = { 375: 740, 1280: 900 };
const SCROLL_STEP = 600;
const SETTLE_MS = 700;

/** Scrolls through once, so every reveal-on-scroll card has shown itself, then back to the top. */
async function revealAll(page: EnginePage) {
  for (let y = 0; y < (await page.scrollTo(y)); y += SCROLL_STEP) await sleep(50);
  await page.scrollTo(0);
  await sleep(SETTLE_MS);
}

export async function takeScreenshots(engine: Engine, dir: string): Promise<void> {
  for (const width of WIDTHS) {
    const page = await engine.newPage();
    try {
      // Named by the width the page really got (MiniBrowser stops short of 375 px).
      const actual = await page.setViewport(width, HEIGHTS[width] ?? 900);
      await page.open("/");
      await revealAll(page);
      await page.screenshot(resolve(dir, `${engine.name}-${actual}.png`));
      await page.screenshot(resolve(dir, `${engine.name}-${actual}-full.png`), { fullPage: true });
    } finally {
      await page.close();
    }
  }
}

export async function takeChromiumScreenshots(siteUrl: string, dir: string): Promise<void> {
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: CHROMIUM_ARGS,
  });
  try {
    for (const width of WIDTHS) {
      const page = await browser.newPage({ viewport: { width, height: HEIGHTS[width] ?? 900 } });
      await page.goto(`${siteUrl}/`);
      await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
      await page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((done) => setTimeout(done, 50));
        }
        window.scrollTo(0, 0);
      });
      await sleep(SETTLE_MS);
      await page.screenshot({ path: resolve(dir, `chromium-${width}.png`) });
      await page.screenshot({ path: resolve(dir, `chromium-${width}-full.png`), fullPage: true });
      await page.close();
    }
  } finally {
    await browser.close();
  }
}
