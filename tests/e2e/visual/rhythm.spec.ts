/**
 * Visual rhythm and finish, measured in the page, since a screenshot review misses a few pixels'
 * drift: the space between bands, icon sizes, line breaks, empty card areas, the mobile menu,
 * inert controls, text spacing, the 404 page.
 */

import { dashboard } from "../../../src/content/dashboard";
import { hero } from "../../../src/content/hero";
import { STAT_TILE_LABELS } from "../support/copy";
import { expect, test } from "../support/fixtures";
import { boxesOverlap, revealAll } from "../support/layout";
import { gotoApp } from "../support/tabs";
import { BACK_HOME, NAV, NOT_FOUND } from "../support/words";

const BAND_GAP_MAX_PX = 128;

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" });

  test(`bands are at most ${BAND_GAP_MAX_PX} px apart, each set off from the next`, async ({
    page,
  }) => {
    await gotoApp(page, "/");
    const bands = await page.evaluate(() => {
      const parts = [...document.querySelectorAll("main section[aria-labelledby], footer")].filter(
        (band) => !band.parentElement?.closest("section"),
      );
      /** Where a band's content starts and ends: text, images, controls and cards, not its padding. */
      function extent(band: Element) {
        let top = Number.POSITIVE_INFINITY;
        let bottom = Number.NEGATIVE_INFINITY;
        for (const element of band.querySelectorAll("*")) {
          const box = element.getBoundingClientRect();
          // Off-screen helpers (the honeypot) and visually hidden text are not seen.
          if (box.width <= 1 || box.height <= 1 || box.right <= 0) continue;
          const style = getComputedStyle(element);
          const ownText = [...element.childNodes].some(
            (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
          );
          const drawn =
            ownText ||
            ["IMG", "svg", "INPUT", "BUTTON"].includes(element.tagName) ||
            (Number.parseFloat(style.borderTopWidth) > 0 && box.width < innerWidth - 1);
          if (!drawn) continue;
          top = Math.min(top, box.top + scrollY);
          bottom = Math.max(bottom, box.bottom + scrollY);
        }
        return { top, bottom };
      }
      return parts.map((band) => {
        const style = getComputedStyle(band);
        const box = band.getBoundingClientRect();
        return {
          name: band.id || band.getAttribute("aria-labelledby") || band.tagName,
          ...extent(band),
          edgeTop: box.top + scrollY,
          edgeBottom: box.bottom + scrollY,
          background: style.backgroundColor,
          ruleTop: Number.parseFloat(style.borderTopWidth),
          ruleBottom: Number.parseFloat(style.borderBottomWidth),
        };
      });
    });
    expect(bands.map((band) => band.name)).toEqual([
      "hero-heading",
      "features",
      "dashboard",
      "solutions",
      "contact",
    ]);
    const gaps: string[] = [];
    for (let index = 1; index < bands.length; index += 1) {
      const [above, below] = [bands[index - 1], bands[index]];
      if (!above || !below) throw new Error("no band");
      const gap = Math.round(below.top - above.bottom);
      gaps.push(`${above.name} -> ${below.name}: ${gap}`);
      expect(gap, `empty space between ${above.name} and ${below.name}`).toBeLessThanOrEqual(
        BAND_GAP_MAX_PX,
      );
      const setOff =
        above.background !== below.background || above.ruleBottom > 0 || below.ruleTop > 0;
      expect(setOff, `${above.name} and ${below.name} run into each other`).toBe(true);
    }
    test
      .info()
      .annotations.push({ type: "space between bands at 1280", description: gaps.join(", ") });
  });
});

/** The dashboard's cards, by their titles: the four stat tiles and the five panels. */
const DASHBOARD_CARD_TITLES = [
  ...dashboard.statTiles.map(({ label }) => label),
  ...[dashboard.threats, dashboard.map, dashboard.criticalAlerts, dashboard.securityHealth].map(
    ({ title }) => title,
  ),
  dashboard.quickActions.title,
];

for (const width of [1024, 1280]) {
  test(`at ${width} px no dashboard card has a large empty area`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await gotoApp(page, "/");
    await revealAll(page);
    const band = page.getByRole("region", { name: dashboard.heading });
    const empty = await band.evaluate((region, titles) => {
      // The sample cards' titles are not headings: each card is found by its title's text.
      const titleElements = [...region.querySelectorAll("p, span")].filter((element) =>
        titles.includes(element.textContent?.trim() ?? ""),
      );
      const cards = titleElements
        .map((title) => {
          let card: Element | null = title;
          while (card && Number.parseFloat(getComputedStyle(card).borderTopWidth) === 0) {
            card = card.parentElement;
          }
          return card;
        })
        .filter((card): card is Element => card !== null);
      return [...new Set(cards)].map((card) => {
        const box = card.getBoundingClientRect();
        let bottom = box.top;
        for (const element of card.querySelectorAll("*")) {
          const part = element.getBoundingClientRect();
          if (part.width <= 1 || part.height <= 1) continue;
          bottom = Math.max(bottom, part.bottom);
        }
        return {
          card: titleElements.find((title) => card.contains(title))?.textContent ?? "",
          // Below the last content, less the card's own bottom padding.
          empty: Math.round(
            box.bottom - bottom - Number.parseFloat(getComputedStyle(card).paddingBottom),
          ),
        };
      });
    }, DASHBOARD_CARD_TITLES);
    test.info().annotations.push({
      type: `empty card areas at ${width}`,
      description: JSON.stringify(empty),
    });
    expect(empty.length).toBeGreaterThanOrEqual(8);
    for (const { card, empty: height } of empty) {
      expect(height, `empty area under the content of ${card}`).toBeLessThanOrEqual(48);
    }
  });
}

// One load of /, the window resized (the tiles' layout is CSS alone).
test("at 320 and 375 px every stat-tile icon is at least 16x16 px", async ({ page }) => {
  await gotoApp(page, "/");
  const band = page.getByRole("region", { name: dashboard.heading });
  const tiles = band.getByText(STAT_TILE_LABELS, { exact: true });
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(tiles).toHaveCount(4);
    for (const tile of await tiles.all()) {
      const size = await tile.evaluate((title) => {
        const icon = title.parentElement?.querySelector("svg");
        const box = icon?.getBoundingClientRect();
        return box ? [box.width, box.height] : [0, 0];
      });
      expect(
        Math.min(...size),
        `${await tile.textContent()} icon at ${width} px`,
      ).toBeGreaterThanOrEqual(16);
    }
  }
});

// Each page loaded once, the window resized to each width (its layout is CSS alone: no script
// reads the width), for all three: nothing wider than the screen, then the text.
for (const path of ["/", "/success", "/missing-page"]) {
  test(`${path} at 320, 375, 768 and 1280 px: nothing scrolls sideways, headings are balanced and no paragraph ends on a lone word`, async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.expectNotFoundDocument();
    const faults: string[] = [];
    await gotoApp(page, path);
    for (const width of [320, 375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (overflow !== 0)
        faults.push(`${path} at ${width} px: ${overflow} px wider than the screen`);
      faults.push(
        ...(await page.evaluate(() => {
          /**
           * The lines a block's text falls into, as word counts and widths, top to bottom. Words
           * of different sizes on one line (a title and its small label) share it: a word belongs
           * to the line its vertical middle falls in.
           */
          function lines(block: Element): { words: number; width: number }[] {
            const rows: {
              words: number;
              top: number;
              bottom: number;
              left: number;
              right: number;
            }[] = [];
            const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const text = node.textContent ?? "";
              for (const match of text.matchAll(/\S+/g)) {
                const range = document.createRange();
                range.setStart(node, match.index);
                range.setEnd(node, match.index + match[0].length);
                for (const box of range.getClientRects()) {
                  if (box.width === 0) continue;
                  const middle = (box.top + box.bottom) / 2;
                  let row = rows.find((line) => middle > line.top && middle < line.bottom);
                  if (!row) {
                    row = {
                      words: 0,
                      top: box.top,
                      bottom: box.bottom,
                      left: box.left,
                      right: box.right,
                    };
                    rows.push(row);
                  }
                  row.words += 1;
                  row.left = Math.min(row.left, box.left);
                  row.right = Math.max(row.right, box.right);
                }
              }
            }
            return rows
              .sort((a, b) => a.top - b.top)
              .map((row) => ({ words: row.words, width: row.right - row.left }));
          }
          const found: string[] = [];
          for (const block of document.querySelectorAll("h1, h2, h3, p")) {
            if (block.closest(".sr-only, [aria-hidden='true'], noscript")) continue;
            const box = block.getBoundingClientRect();
            if (box.width <= 1) continue;
            const rows = lines(block);
            const words = rows.reduce((sum, row) => sum + row.words, 0);
            if (rows.length < 2 || words < 4) continue;
            const last = rows[rows.length - 1];
            if (!last) continue;
            const name = `${location.pathname} at ${innerWidth} px ${block.tagName} "${block.textContent?.slice(0, 30)}"`;
            if (last.words === 1) found.push(`${name}: a lone last word`);
            if (block.tagName !== "P") {
              const widest = Math.max(...rows.map((row) => row.width));
              const narrowest = Math.min(...rows.map((row) => row.width));
              if (narrowest < widest * 0.5) {
                found.push(`${name}: lines of ${rows.map((row) => Math.round(row.width))} px`);
              }
            }
          }
          return found;
        })),
      );
    }
    expect(faults).toEqual([]);
  });
}

test.describe("the mobile menu", () => {
  test.use({ viewport: { width: 375, height: 667 }, hasTouch: true });

  test("opens over a backdrop that closes it, with items of at least 16 px", async ({ page }) => {
    await gotoApp(page, "/");
    const nav = page.getByRole("navigation", { name: NAV.name });
    const toggle = nav.getByRole("button", { name: NAV.menu });
    await toggle.click();
    const items = nav.getByRole("link").filter({ hasText: /^(Features|Dashboard|Solutions)$/ });
    await expect(items).toHaveCount(3);
    for (const item of await items.all()) {
      const size = await item.evaluate((button) =>
        Number.parseFloat(getComputedStyle(button).fontSize),
      );
      expect(size, `${await item.textContent()} text size`).toBeGreaterThanOrEqual(16);
    }
    // Below the menu, the page is dimmed: what is there is a backdrop, not the page's content.
    const below = await page.evaluate(() => {
      const point = document.elementFromPoint(innerWidth / 2, innerHeight - 40);
      if (!point) return null;
      return {
        inPage: point.closest("main, footer") !== null,
        background: getComputedStyle(point).backgroundColor,
      };
    });
    expect(below?.inPage, "the page below the open menu is not covered").toBe(false);
    expect(below?.background).not.toBe("rgba(0, 0, 0, 0)");
    await page.touchscreen.tap(187, 627);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: NAV.features })).toBeHidden();
  });
});

test("inert controls never look like the live ones", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoApp(page, "/");
  await revealAll(page);
  const looks = await page.evaluate(() => {
    const look = (element: Element) => {
      const style = getComputedStyle(element);
      return `${style.color} | ${style.backgroundColor} | ${style.borderTopStyle} ${style.borderTopColor}`;
    };
    const controls = [...document.querySelectorAll("main button, main a[href]")].filter(
      (control) => control.getBoundingClientRect().width > 1,
    );
    const inert = controls.filter(
      (control) =>
        control.getAttribute("aria-disabled") === "true" &&
        control.getAttribute("type") !== "submit",
    );
    const live = controls.filter((control) => !inert.includes(control));
    return {
      inert: inert.map((control) => ({ name: control.textContent ?? "", look: look(control) })),
      live: live.map((control) => ({ name: control.textContent ?? "", look: look(control) })),
    };
  });
  // View Details, four Learn more, three Quick Actions.
  expect(looks.inert).toHaveLength(8);
  expect(looks.live.length).toBeGreaterThan(0);
  for (const control of looks.inert) {
    const twin = looks.live.find((live) => live.look === control.look);
    expect(twin?.name, `${control.name} looks like a live control`).toBeUndefined();
  }
});

test("at 320 px with WCAG text spacing the sample card's source and time never overlap", async ({
  browser,
}) => {
  // The override is a <style> element, which the site's CSP (rightly) refuses: a context of its own.
  const context = await browser.newContext({
    bypassCSP: true,
    viewport: { width: 320, height: 640 },
  });
  const page = await context.newPage();
  await page.goto("/", { waitUntil: "load" });
  await page.addStyleTag({
    content: `*, *::before, *::after { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }`,
  });
  const boxes = [];
  for (const text of [hero.threatCard.source, hero.threatCard.time]) {
    boxes.push(
      await page.getByText(text, { exact: true }).evaluate((value) => {
        const range = document.createRange();
        range.selectNodeContents(value);
        const { x, y, width, height } = range.getBoundingClientRect();
        return { x, y, width, height };
      }),
    );
  }
  const [source, time] = boxes;
  if (!source || !time) throw new Error("no box");
  expect(boxesOverlap(source, time), "the source address runs into the time").toBe(false);
  await context.close();
});

test("the 404 page is laid out like /success: the logo, a card, a primary Back to Home", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.expectNotFoundDocument();
  await page.setViewportSize({ width: 375, height: 800 });
  /** The Back to Home button's look, width against its card's, and the logo above the card. */
  async function layout(path: string) {
    await gotoApp(page, path);
    const back = page.getByRole("link", { name: BACK_HOME });
    const logo = page.getByRole("link", { name: "Bulwark" });
    await expect(logo).toBeVisible();
    const logoBox = await logo.boundingBox();
    const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
    return back.evaluate(
      (link, above) => {
        const style = getComputedStyle(link);
        const card = link.parentElement?.getBoundingClientRect();
        return {
          look: `${style.backgroundColor} | ${style.color} | ${style.fontSize}`,
          fullWidth: card ? link.getBoundingClientRect().width / card.width > 0.8 : false,
          logoAbove: above.logo < above.heading,
        };
      },
      { logo: (logoBox?.y ?? 0) + (logoBox?.height ?? 0), heading: heading?.y ?? 0 },
    );
  }
  const success = await layout("/success");
  const notFound = await layout("/missing-page");
  await expect(page.getByRole("heading", { name: NOT_FOUND.heading })).toBeVisible();
  await expect(page.getByText(NOT_FOUND.hint)).toBeVisible();
  expect(notFound).toEqual(success);
  expect(notFound.logoAbove).toBe(true);
});
