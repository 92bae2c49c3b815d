import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { mapPulses } from "../support/layout";
import { gotoWithTheAppInTime } from "../support/page-clock";
import { gotoApp } from "../support/tabs";

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
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Stop API attacks and fraud before they cost you",
    );
    await expect(page.getByText("Bulwark watches every API call")).toBeVisible();
    await expect(page.getByRole("button", { name: "Learn More", exact: true })).toBeVisible();
    await expect(page.getByRole("figure", { name: "SQL injection attempt" })).toBeVisible();
    await expect(page.getByRole("button", { name: "View Details" })).toBeVisible();
    await expect(page.getByText("203.0.113.42")).toBeVisible();
    await expect(page.getByText("14:32:07 UTC")).toBeVisible();
    const form = page.getByRole("form", { name: "Join the early-access waitlist" });
    await expect(form.getByRole("textbox", { name: "Work email address" })).toHaveAttribute(
      "placeholder",
      "Enter your email address",
    );
    await expect(form.getByRole("button", { name: "Join Waitlist" })).toBeEnabled();
  });

  await test.step("features: four cards, each with Learn more", async () => {
    const section = page.getByRole("region", {
      name: "Defense that learns as fast as attackers do",
    });
    for (const title of [
      "ML Fraud Detection",
      "User Behavior Analysis",
      "API Security Layer",
      "Adaptive Response System",
    ]) {
      await expect(section.getByRole("heading", { name: title })).toBeVisible();
      await expect(
        section.getByRole("button", { name: `Learn more about ${title}` }),
      ).toBeVisible();
    }
    await expect(section.getByRole("button", { name: /^Learn more/ })).toHaveCount(4);
  });

  await test.step("dashboard: stat tiles with the spec's figures", async () => {
    const section = page.getByRole("region", { name: "Every threat, one calm view" });
    for (const [label, value] of [
      ["Fraud Prevented 24h", "$157K"],
      ["Fraud Attempts", "247"],
      ["Customer Conversion", "98.7%"],
      ["Fraud Score", "96%"],
    ] as const) {
      const tile = section
        .getByRole("listitem")
        .filter({ has: page.getByText(label, { exact: true }) });
      await expect(tile).toContainText(value);
    }
  });

  await test.step("dashboard: threats, map, alerts, health and quick actions", async () => {
    const section = page.getByRole("region", { name: "Every threat, one calm view" });

    const threats = section
      .getByRole("list", { name: "Recent Threat Activity" })
      .getByRole("listitem");
    await expect(threats).toHaveCount(4);
    await expect(threats.filter({ hasText: /High$/ })).toHaveCount(2);
    await expect(threats.filter({ hasText: /Medium$/ })).toHaveCount(2);

    await expect(section.getByText("Global Fraud Map", { exact: true })).toBeVisible();
    // How they pulse is visual-rules.spec.ts's to check.
    await expect(section.locator("svg circle.animate-pulse-dot")).toHaveCount(5);
    await expect(
      section
        .getByRole("list", { name: "Active attack sources in the last hour" })
        .getByRole("listitem"),
    ).toHaveText([/^São Paulo/, /^Lagos/, /^Frankfurt/, /^Singapore/, /^Chicago/]);

    await expect(section.getByText("Critical Alerts", { exact: true })).toBeVisible();
    await expect(section.getByText("live threats")).toBeVisible();
    await expect(section.getByText("3", { exact: true })).toBeVisible();

    for (const [area, status, percent] of [
      ["Payment Gateway", "Secure", "100%"],
      ["Account Protection", "Optimized", "92%"],
      ["Checkout Process", "Needs Review", "68%"],
      ["Loyalty Program", "Secure", "95%"],
    ] as const) {
      const row = section
        .getByRole("list", { name: "Security Health" })
        .getByRole("listitem")
        .filter({ hasText: area });
      await expect(row).toContainText(status);
      await expect(row).toContainText(percent);
    }

    for (const action of ["Run Fraud Analysis", "Export Risk Report", "Adjust Fraud Thresholds"]) {
      await expect(
        section.getByRole("list", { name: "Quick Actions" }).getByRole("button", { name: action }),
      ).toBeVisible();
    }
  });

  await test.step("solutions: three cards with three bullets each", async () => {
    const section = page.getByRole("region", { name: "Built for the way you run your business" });
    for (const title of ["API Security", "Fraud Prevention", "User Behavior Analysis"]) {
      const card = section
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
      await expect(card.getByRole("listitem")).toHaveCount(3);
    }
  });

  await test.step("footer: contact anchor, logo and this year's copyright", async () => {
    const footer = page.getByRole("contentinfo");
    await expect(footer).toHaveAttribute("id", "contact");
    await expect(footer.getByRole("img", { name: "Bulwark" })).toBeVisible();
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Bulwark`);
  });

  await test.step("the header logo is an image named Bulwark that links to the top", async () => {
    await page.mouse.wheel(0, 2500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const logoLink = page.getByRole("banner").getByRole("link", { name: "Bulwark" });
    const logoBox = await logoLink.getByRole("img", { name: "Bulwark" }).boundingBox();
    expect([logoBox?.width, logoBox?.height]).toEqual([32, 32]);
    await logoLink.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("scrolling navigation", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("Features, Dashboard and Solutions scroll to their sections below the header", async ({
    page,
  }) => {
    await gotoApp(page, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("button", { name: "Menu" })).toBeHidden();
    for (const [label, heading] of [
      ["Features", "Defense that learns as fast as attackers do"],
      ["Dashboard", "Every threat, one calm view"],
      ["Solutions", "Built for the way you run your business"],
    ] as const) {
      await nav.getByRole("button", { name: label }).click();
      await expectBelowHeader(page, page.getByRole("heading", { name: heading, level: 2 }));
    }
  });

  test("Learn More scrolls to Features", async ({ page }) => {
    await gotoApp(page, "/");
    await page.getByRole("button", { name: "Learn More", exact: true }).click();
    await expectBelowHeader(
      page,
      page.getByRole("heading", { name: "Defense that learns as fast as attackers do" }),
    );
  });
});

test.describe("scroll-in animation", () => {
  test("a card below the fold is hidden until it scrolls into view, then shown once", async ({
    page,
  }) => {
    await gotoWithTheAppInTime(page, "/");
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Fraud Prevention", exact: true }) })
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
      .filter({ has: page.getByRole("heading", { name: "Fraud Prevention", exact: true }) })
      .locator("> div");
    await expect(card).toHaveCSS("opacity", "1");
    // The map's pulses: 4.8 s with motion allowed (visual-rules.spec), over at once here.
    await page.getByText("Global Fraud Map", { exact: true }).scrollIntoViewIfNeeded();
    await expect
      .poll(async () => (await mapPulses(page)).length, { message: "dot pulses" })
      .toBe(5);
    for (const { endTime } of await mapPulses(page)) {
      expect(endTime, "when a dot's pulses end, in ms").toBeLessThan(1);
    }
  });
});
