/**
 * WCAG 1.4.12 Text Spacing at 320 px: with line height 1.5, letter spacing 0.12em, word spacing
 * 0.16em and paragraph spacing 2em, nothing scrolls sideways and no text is cut by an
 * overflow-hidden box. Visitors who read with their own spacing get every word; axe does not check it.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { revealAll } from "../support/layout";
import { gotoApp } from "../support/tabs";

const TEXT_SPACING = `
*, *::before, *::after {
  line-height: 1.5 !important;
  letter-spacing: 0.12em !important;
  word-spacing: 0.16em !important;
}
p { margin-bottom: 2em !important; }
`;

// The override is a <style> element, which the site's CSP (rightly) refuses.
test.use({ bypassCSP: true, viewport: { width: 320, height: 640 } });

/** Boxes that hide overflow and cut what they hold (the visually hidden helpers excepted). */
function clippedBoxes(page: Page) {
  return page.evaluate(() => {
    const cut: string[] = [];
    let measured = 0;
    for (const element of document.body.querySelectorAll<HTMLElement>("*")) {
      if (!(element instanceof HTMLElement)) continue;
      const style = getComputedStyle(element);
      const hidesX = style.overflowX === "hidden" || style.overflowX === "clip";
      const hidesY = style.overflowY === "hidden" || style.overflowY === "clip";
      if (!hidesX && !hidesY) continue;
      const box = element.getBoundingClientRect();
      // Visually hidden text (sr-only, the honeypot) is 1 px on purpose.
      if (box.width <= 1 || box.height <= 1 || box.right < 0) continue;
      measured += 1;
      const overX = hidesX && element.scrollWidth > element.clientWidth + 1;
      const overY = hidesY && element.scrollHeight > element.clientHeight + 1;
      if (overX || overY) {
        const name = `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 4).join(".")}`;
        cut.push(
          `${name} "${element.textContent?.trim().slice(0, 40)}" ${element.scrollWidth}x${element.scrollHeight} in ${element.clientWidth}x${element.clientHeight}`,
        );
      }
    }
    return { measured, cut };
  });
}

for (const path of ["/", "/success", "/missing-page"]) {
  test(`text spacing at 320 px on ${path}: no sideways scroll, nothing cut`, async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.expectNotFoundDocument();
    await gotoApp(page, path);
    await page.addStyleTag({ content: TEXT_SPACING });
    const heading = page.getByRole("heading", { level: 1 });
    const spacing = await heading.evaluate((element) => {
      const style = getComputedStyle(element);
      return Number.parseFloat(style.letterSpacing) / Number.parseFloat(style.fontSize);
    });
    expect(spacing, "the override applies").toBeCloseTo(0.12, 2);
    if (path === "/") await revealAll(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    const past = await page.evaluate(() =>
      [...document.body.querySelectorAll<HTMLElement>("*")]
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 1 && box.right > document.documentElement.clientWidth + 0.5;
        })
        .map(
          (element) =>
            `${element.tagName} ${element.className.toString().slice(0, 80)} ${Math.round(element.getBoundingClientRect().right)} sw=${element.scrollWidth} "${element.textContent?.trim().slice(0, 30)}"`,
        ),
    );
    expect(past, "past the right edge").toEqual([]);
    expect(width).toBeLessThanOrEqual(320);
    const clipped = await clippedBoxes(page);
    // The landing page has boxes that hide overflow: none found there means none was checked. The
    // other pages have none, so nothing on them can be cut by a box.
    if (path === "/") expect(clipped.measured, "boxes that hide overflow").toBeGreaterThan(0);
    expect(clipped.cut).toEqual([]);
  });
}
