/**
 * Trust at the form, where a visitor decides whether to give an address: the privacy notice by the waitlist form (GDPR Art. 13), the footer's
 * contacts, the sample-data marking and the outline of `/`. The stack builds the local site with
 * the privacy and security settings and the misconfigured site without them.
 */
import type { Locator, Page } from "@playwright/test";
import { dashboard } from "../../../src/content/dashboard";
import { features } from "../../../src/content/features";
import { hero } from "../../../src/content/hero";
import { privacyNotice as privacyCopy } from "../../../src/content/privacy";
import { footer as footerCopy, site } from "../../../src/content/site";
import { solutions } from "../../../src/content/solutions";
import { HERO_HEADING } from "../support/copy";
import { expect, test } from "../support/fixtures";
import { E2E_MISCONFIGURED_SITE_URL } from "../support/stack-ports";
import { gotoApp } from "../support/tabs";
import { waitlistForm } from "../support/waitlist-page";
import { FORM_NAME, PRIVACY_LINE, PRIVACY_NEUTRAL, PRIVACY_SUMMARY } from "../support/words";

const SUMMARY = PRIVACY_SUMMARY;
/** A point of the notice as read: its term, then its words (a setting's value in place of `{value}`). */
const point = ({ term, text }: { term: string; text: string }) => `${term} ${text}`;
const withSetting = (text: string, value: string) => text.replace("{value}", value);
const { controller, purpose, basis, recipients, retention, device, rights, contact } = privacyCopy;

/** The notice as a visitor finds it: the disclosure (a group) in the form, by its summary's words. */
function privacyNotice(page: Page) {
  const { form } = waitlistForm(page);
  return {
    details: form.getByRole("group").filter({ hasText: SUMMARY }),
    summary: form.getByText(SUMMARY, { exact: true }),
  };
}

/** Text as laid out, each term and its definition on lines of their own (textContent runs them together). */
const AS_READ = { useInnerText: true };

/** The Art. 13 points every build says, whatever its settings. */
async function expectFixedPoints(notice: Locator) {
  for (const fixed of [purpose, basis, recipients, device, rights]) {
    await expect(notice).toContainText(point(fixed), AS_READ);
  }
}

test.describe("the privacy notice by the form", () => {
  test("sits closed under the privacy line; the keyboard opens it on the build's settings", async ({
    page,
  }) => {
    await gotoApp(page, "/");
    const { details, summary } = privacyNotice(page);
    const { form, submit } = waitlistForm(page);
    await expect(form.getByText(PRIVACY_LINE)).toBeVisible();
    await expect(summary).toBeVisible();
    await expect(details.getByText(controller.term)).toBeHidden();
    // No checkbox: joining is the purpose itself, so there is nothing to tick.
    await expect(form.getByRole("checkbox")).toHaveCount(0);

    // The next Tab stop after the button, opened and closed by Enter.
    await submit.focus();
    await page.keyboard.press("Tab");
    await expect(summary).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(details).toHaveJSProperty("open", true);
    // The stack's settings (tests/e2e/support/stack-settings.ts), each in its point's words.
    await expect(details).toContainText(
      `${controller.term} Bulwark Example Ltd, 1 Example Street, London EC1A 1AA, United Kingdom`,
      AS_READ,
    );
    await expect(details).toContainText(
      `${retention.term} ${withSetting(retention.withSetting, `12 ${retention.month.other}`)}`,
      AS_READ,
    );
    await expect(details).toContainText(
      `${contact.term} ${withSetting(contact.withSetting, "privacy@bulwark.example")}`,
      AS_READ,
    );
    await expect(details.getByRole("link", { name: "privacy@bulwark.example" })).toHaveAttribute(
      "href",
      "mailto:privacy@bulwark.example",
    );
    await expectFixedPoints(details);
    await page.keyboard.press("Enter");
    await expect(details).toHaveJSProperty("open", false);
    await expect(details.getByText(controller.term)).toBeHidden();
  });

  test("a build without the settings says neutral words, never a placeholder", async ({ page }) => {
    await gotoApp(page, `${E2E_MISCONFIGURED_SITE_URL}/`);
    const { details, summary } = privacyNotice(page);
    await summary.click();
    await expect(details).toContainText(
      `${controller.term} ${PRIVACY_NEUTRAL.controller}`,
      AS_READ,
    );
    await expect(details).toContainText(`${retention.term} ${PRIVACY_NEUTRAL.retention}`, AS_READ);
    await expect(details).toContainText(`${contact.term} ${PRIVACY_NEUTRAL.contact}`, AS_READ);
    await expectFixedPoints(details);
    await expect(details.getByRole("link")).toHaveCount(0);
    await expect(details).not.toContainText(/\{|\}|undefined|null|PRIVACY_/);
  });

  test("opens with JavaScript off", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/", { waitUntil: "load" });
    const { details, summary } = privacyNotice(page);
    await expect(details.getByText(rights.term)).toBeHidden();
    await summary.click();
    await expect(details.getByText(rights.term)).toBeVisible();
    await expect(details.getByRole("link", { name: "privacy@bulwark.example" })).toBeVisible();
    await context.close();
  });
});

test.describe("the footer", () => {
  test("holds the privacy and security contacts, security.txt, the sample-data note and the copyright", async ({
    page,
    request,
  }) => {
    await gotoApp(page, "/");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toHaveAttribute("id", "contact");
    await expect(
      footer.getByRole("heading", { name: footerCopy.contact.heading, level: 2 }),
    ).toBeVisible();
    await expect(footer.getByRole("link", { name: "privacy@bulwark.example" })).toHaveAttribute(
      "href",
      "mailto:privacy@bulwark.example",
    );
    await expect(footer.getByRole("link", { name: "security@bulwark.example" })).toHaveAttribute(
      "href",
      "mailto:security@bulwark.example",
    );
    const securityTxt = footer.getByRole("link", { name: footerCopy.contact.securityTxt });
    const href = await securityTxt.getAttribute("href");
    expect(href).toBe("/.well-known/security.txt");
    // The link leads to the file the build wrote from the same setting.
    const file = await request.get(href ?? "");
    expect(file.status()).toBe(200);
    expect(await file.text()).toContain("Contact: mailto:security@bulwark.example\n");
    await expect(footer).toContainText(footerCopy.sampleDataNote, AS_READ);
    await expect(footer).toContainText(
      `© ${new Date().getFullYear()} ${site.name}. ${site.rights}`,
      AS_READ,
    );
  });

  test("without the settings: no link to a security.txt that was never written", async ({
    page,
  }) => {
    await gotoApp(page, `${E2E_MISCONFIGURED_SITE_URL}/`);
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(
      `${footerCopy.contact.privacy} ${PRIVACY_NEUTRAL.contact}`,
      AS_READ,
    );
    await expect(footer.getByRole("link")).toHaveCount(0);
    await expect(footer.getByText(footerCopy.contact.security, { exact: true })).toHaveCount(0);
  });

  test("its two columns line up at every width from 320 to 1920 px", async ({ page }) => {
    await gotoApp(page, "/");
    const footer = page.getByRole("contentinfo");
    // Each column, found from what it holds: the brand's blurb and the Contact heading.
    const brand = footer.getByText(footerCopy.blurb).locator("..");
    const contact = footer.getByRole("heading", { name: footerCopy.contact.heading }).locator("..");
    const note = footer.getByText(footerCopy.sampleDataNote);
    const copyright = footer.getByText(/^© \d{4} /);
    for (const width of [320, 375, 414, 640, 768, 1024, 1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      const [b, c, n, r, f] = await Promise.all(
        [brand, contact, note, copyright, footer].map((part) => part.boundingBox()),
      );
      if (!b || !c || !n || !r || !f) throw new Error(`a footer part has no box at ${width} px`);
      const sideBySide = c.x > b.x + b.width;
      if (sideBySide) {
        expect(c.y, `column tops at ${width} px`).toBeCloseTo(b.y, 0);
        // The contact column ends where the fine print's copyright ends.
        expect(c.x + c.width, `right edges at ${width} px`).toBeCloseTo(r.x + r.width, 0);
      } else {
        expect(c.x, `column left edges at ${width} px`).toBeCloseTo(b.x, 0);
        expect(c.y, `contact under the brand at ${width} px`).toBeGreaterThan(b.y + b.height);
      }
      expect(n.x, `the fine print starts at the brand's edge at ${width} px`).toBeCloseTo(b.x, 0);
      // Nothing runs past the footer's edge.
      for (const box of [b, c, n, r]) expect(box.x + box.width).toBeLessThanOrEqual(f.width);
    }
  });
});

test.describe("sample data, marked where it stands", () => {
  test("the hero's threat card and the dashboard say so, visibly and in their descriptions", async ({
    page,
  }) => {
    await gotoApp(page, "/");
    const { sampleBadge } = hero.threatCard;
    const card = page.getByRole("figure", { name: hero.threatCard.title });
    await expect(card).toHaveAccessibleDescription(sampleBadge);
    await expect(card.getByText(sampleBadge, { exact: true })).toBeVisible();

    const panel = page.getByRole("figure", { name: dashboard.panelTitle });
    await expect(panel).toHaveAccessibleDescription(dashboard.sampleBadge);
    await panel.getByText(dashboard.sampleBadge, { exact: true }).scrollIntoViewIfNeeded();
    await expect(panel.getByText(dashboard.sampleBadge, { exact: true })).toBeVisible();
    // Figures are not dressed up as live ones.
    await expect(panel.getByText("Live", { exact: true })).toHaveCount(0);
    await expect(panel).toContainText(dashboard.statTiles[0]?.value ?? "");
  });

  test("the outline of / is the page's own structure, not the sample cards'", async ({ page }) => {
    await gotoApp(page, "/");
    const outline = await page
      .getByRole("heading")
      .evaluateAll((headings) =>
        headings.map((heading) => `h${heading.tagName.slice(1)} ${heading.textContent?.trim()}`),
      );
    const cards = (list: { title: string }[]) => list.map(({ title }) => `h3 ${title}`);
    expect(outline).toEqual([
      `h1 ${HERO_HEADING}`,
      `h2 ${FORM_NAME}`,
      `h2 ${features.heading}`,
      ...cards(features.cards),
      `h2 ${dashboard.heading}`,
      `h2 ${solutions.heading}`,
      ...cards(solutions.cards),
      `h2 ${footerCopy.contact.heading}`,
    ]);
  });
});

test("one spelling: US English on every page (og:locale en_US)", async ({ page, consoleGuard }) => {
  consoleGuard.expectNotFoundDocument();
  for (const path of ["/", "/success", "/no-such-page"]) {
    await gotoApp(page, path);
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "en_US");
    // What a visitor reads, and what search and sharing show.
    const text = await page.evaluate(() =>
      [
        document.body.innerText,
        document.title,
        ...[...document.querySelectorAll("meta[content]")].map(
          (meta) => meta.getAttribute("content") ?? "",
        ),
      ].join("\n"),
    );
    expect(text.match(/\b(defence|programme|behaviour|colour|centre|organis\w*)\b/gi)).toBeNull();
  }
});
