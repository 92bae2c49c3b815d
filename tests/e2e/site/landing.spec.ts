/**
 * The landing page as the spec lists it, one section at a time: the shape the spec fixes (four
 * feature cards, four stat tiles, five dots on the map...) with the fixed words typed (words.ts) and
 * the copy read from src/content/, so a change of copy is made there alone.
 */
import type { Locator, Page } from "@playwright/test";
import { dashboard } from "../../../src/content/dashboard";
import { features } from "../../../src/content/features";
import { hero } from "../../../src/content/hero";
import { site } from "../../../src/content/site";
import { solutions } from "../../../src/content/solutions";
import { BANDS, HERO_HEADING, literally } from "../support/copy";
import { expect, test } from "../support/fixtures";
import { holdAppScript } from "../support/held-requests";
import { mapPulses } from "../support/layout";
import { gotoWithTheAppInTime } from "../support/page-clock";
import { gotoApp } from "../support/tabs";
import {
  CARD_LEARN_MORE,
  EMAIL_LABEL,
  FORM_NAME,
  JOIN,
  LEARN_MORE,
  NAV,
  PLACEHOLDER,
  VIEW_DETAILS,
} from "../support/words";

/** A card far below the fold at any width: the second solution's. */
const LOWER_CARD = solutions.cards[1]?.title ?? "";

/** Whether the app has hydrated the page (it marks <html> once it has). */
const appStarted = (page: Page) =>
  page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"));

async function expectBelowHeader(page: Page, heading: Locator) {
  const header = page.getByRole("banner");
  await expect(async () => {
    const headerBox = await header.boundingBox();
    const box = await heading.boundingBox();
    expect(headerBox && box).toBeTruthy();
    if (!headerBox || !box) return;
    // In view, and not tucked under the fixed header.
    expect(box.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()?.height ?? 0);
  }).toPass();
}

// One load of / read section by section, as a visitor scrolls it; the logo's scroll comes last.
test("the landing page: every section as the spec lists it", async ({ page }) => {
  await gotoApp(page, "/");
  await test.step("hero: headline, pitch, Learn More, the sample threat card and the form", async () => {
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HERO_HEADING);
    await expect(page.getByText(hero.pitch)).toBeVisible();
    await expect(page.getByRole("link", { name: LEARN_MORE, exact: true })).toBeVisible();
    const card = page.getByRole("figure", { name: hero.threatCard.title });
    await expect(card).toBeVisible();
    await expect(card.getByRole("button", { name: VIEW_DETAILS })).toBeVisible();
    await expect(card.getByText(hero.threatCard.source)).toBeVisible();
    await expect(card.getByText(hero.threatCard.time)).toBeVisible();
    const form = page.getByRole("form", { name: FORM_NAME });
    await expect(form.getByRole("textbox", { name: EMAIL_LABEL })).toHaveAttribute(
      "placeholder",
      PLACEHOLDER,
    );
    await expect(form.getByRole("button", { name: JOIN })).toBeEnabled();
  });

  await test.step("features: its cards, each with Learn more", async () => {
    const section = page.getByRole("region", { name: features.heading });
    await expect(section.getByRole("heading", { level: 3 })).toHaveText(
      features.cards.map(({ title }) => title),
    );
    for (const { title } of features.cards) {
      await expect(
        section.getByRole("button", { name: `${CARD_LEARN_MORE} about ${title}` }),
      ).toBeVisible();
    }
    await expect(section.getByRole("button", { name: CARD_LEARN_MORE })).toHaveCount(
      features.cards.length,
    );
  });

  await test.step("dashboard: four stat tiles, each with its figure", async () => {
    const section = page.getByRole("region", { name: dashboard.heading });
    expect(dashboard.statTiles).toHaveLength(4);
    for (const { label, value } of dashboard.statTiles) {
      const tile = section
        .getByRole("listitem")
        .filter({ has: page.getByText(label, { exact: true }) });
      await expect(tile).toContainText(value);
    }
  });

  await test.step("dashboard: threats, map, alerts, health and quick actions", async () => {
    const section = page.getByRole("region", { name: dashboard.heading });
    const { threats, map, criticalAlerts, securityHealth, quickActions } = dashboard;

    const threatItems = section.getByRole("list", { name: threats.title }).getByRole("listitem");
    await expect(threatItems).toHaveCount(4);
    // Each with its severity, high or medium, in words.
    for (const severity of ["high", "medium"] as const) {
      await expect(
        threatItems.filter({
          hasText: new RegExp(`${literally(threats.severityLabels[severity])}$`),
        }),
      ).toHaveCount(threats.items.filter((item) => item.severity === severity).length);
    }

    await expect(section.getByText(map.title, { exact: true })).toBeVisible();
    // How they pulse is visual-rules.spec.ts's to check.
    await expect(section.locator("svg circle.animate-pulse-dot")).toHaveCount(5);
    await expect(section.getByRole("list", { name: map.caption }).getByRole("listitem")).toHaveText(
      map.hotspots.map(({ city }) => new RegExp(`^${literally(city)}`)),
    );

    await expect(section.getByText(criticalAlerts.title, { exact: true })).toBeVisible();
    await expect(section.getByText(criticalAlerts.countLabel)).toBeVisible();
    await expect(section.getByText(String(criticalAlerts.count), { exact: true })).toBeVisible();

    expect(securityHealth.areas).toHaveLength(4);
    for (const { name, status, percent } of securityHealth.areas) {
      const row = section
        .getByRole("list", { name: securityHealth.title })
        .getByRole("listitem")
        .filter({ hasText: name });
      await expect(row).toContainText(status);
      await expect(row).toContainText(`${percent}%`);
    }

    const actions = section.getByRole("list", { name: quickActions.title }).getByRole("button");
    await expect(actions).toHaveText(quickActions.actions);
  });

  await test.step("solutions: its cards, each with its bullets", async () => {
    const section = page.getByRole("region", { name: solutions.heading });
    await expect(section.getByRole("heading", { level: 3 })).toHaveText(
      solutions.cards.map(({ title }) => title),
    );
    for (const { title, bullets } of solutions.cards) {
      const card = section
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
      await expect(card.getByRole("listitem")).toHaveText(bullets);
    }
  });

  await test.step("footer: contact anchor, logo and this year's copyright", async () => {
    const footer = page.getByRole("contentinfo");
    await expect(footer).toHaveAttribute("id", "contact");
    await expect(footer.getByRole("img", { name: site.logoAlt })).toBeVisible();
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ${site.name}`);
  });

  await test.step("the header logo is an image named Bulwark that links to the top", async () => {
    await page.mouse.wheel(0, 2500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const logoLink = page.getByRole("banner").getByRole("link", { name: site.logoAlt });
    const logoBox = await logoLink.getByRole("img", { name: site.logoAlt }).boundingBox();
    expect([logoBox?.width, logoBox?.height]).toEqual([32, 32]);
    await logoLink.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

/** The first screen's controls that take the visitor to a section, with the heading each brings into view. */
const SECTION_LINKS = [
  ...BANDS.map(({ nav, heading }) => ({ name: nav, heading, inNav: true })),
  { name: LEARN_MORE, heading: features.heading, inNav: false },
];

const sectionLink = (page: Page, { name, inNav }: (typeof SECTION_LINKS)[number]) =>
  (inNav ? page.getByRole("navigation", { name: NAV.name }) : page).getByRole("link", {
    name,
    exact: true,
  });

test.describe("scrolling navigation", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("Features, Dashboard and Solutions scroll to their sections below the header", async ({
    page,
  }) => {
    await gotoApp(page, "/");
    await expect(
      page.getByRole("navigation", { name: NAV.name }).getByRole("button", { name: NAV.menu }),
    ).toBeHidden();
    for (const link of SECTION_LINKS.filter(({ inNav }) => inNav)) {
      await sectionLink(page, link).click();
      await expectBelowHeader(page, page.getByRole("heading", { name: link.heading, level: 2 }));
      // The app scrolls by itself: the address stays the page's own.
      expect(new URL(page.url()).hash, "the address after the click").toBe("");
    }
  });

  test("Learn More scrolls to Features", async ({ page }) => {
    await gotoApp(page, "/");
    await page.getByRole("link", { name: LEARN_MORE, exact: true }).click();
    await expectBelowHeader(page, page.getByRole("heading", { name: features.heading }));
  });

  // A visitor faster than the app, or without scripts: each control is an in-page link.
  for (const link of SECTION_LINKS) {
    test(`${link.name} brings its section into view before the app runs`, async ({ page }) => {
      const app = await holdAppScript(page);
      await page.goto("/", { waitUntil: "domcontentloaded" });
      await sectionLink(page, link).click();
      await expectBelowHeader(page, page.getByRole("heading", { name: link.heading, level: 2 }));
      expect(await appStarted(page), "the app started").toBe(false);
      await app.release();
    });
  }

  test("with JavaScript off, every section link brings its section into view", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    for (const link of SECTION_LINKS) {
      await page.goto("/", { waitUntil: "load" });
      await sectionLink(page, link).click();
      await expectBelowHeader(page, page.getByRole("heading", { name: link.heading, level: 2 }));
    }
    await context.close();
  });
});

test.describe("scroll-in animation", () => {
  test("a card below the fold is hidden until it scrolls into view, then shown once", async ({
    page,
  }) => {
    await gotoWithTheAppInTime(page, "/");
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: LOWER_CARD, exact: true }) })
      .locator("> div");
    await expect(card).toHaveCSS("opacity", "0");
    await card.scrollIntoViewIfNeeded();
    await expect(card).toHaveCSS("opacity", "1");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(card).toHaveCSS("opacity", "1");
  });

  test("nothing moves or hides under prefers-reduced-motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await gotoApp(page, "/");
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: LOWER_CARD, exact: true }) })
      .locator("> div");
    await expect(card).toHaveCSS("opacity", "1");
    // The map's pulses: 4.8 s with motion allowed (visual-rules.spec), over at once here.
    await page.getByText(dashboard.map.title, { exact: true }).scrollIntoViewIfNeeded();
    await expect
      .poll(async () => (await mapPulses(page)).length, { message: "dot pulses" })
      .toBe(5);
    for (const { endTime } of await mapPulses(page)) {
      expect(endTime, "when a dot's pulses end, in ms").toBeLessThan(1);
    }
  });
});
