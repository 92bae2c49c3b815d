/**
 * Trust at the form, where a visitor decides whether to give an address: the privacy notice by the waitlist form (GDPR Art. 13), the footer's
 * contacts, the sample-data marking and the outline of `/`. The stack builds the local site with
 * the privacy and security settings and the misconfigured site without them.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { E2E_MISCONFIGURED_SITE_URL } from "../support/stack-ports";
import { gotoApp } from "../support/tabs";
import { waitlistForm } from "../support/waitlist-page";

const SUMMARY = "How we handle your address";

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
  await expect(notice).toContainText(
    "What for Only to tell you about Bulwark early access: when it opens and how to join.",
    AS_READ,
  );
  await expect(notice).toContainText(
    "Legal basis Your request to join the waitlist (GDPR Art. 6(1)(b)).",
    AS_READ,
  );
  await expect(notice).toContainText(
    "Who receives it EmailJS, the service that sends this form to us, and the provider of our team's mailbox.",
    AS_READ,
  );
  await expect(notice).toContainText(
    "Kept in your browser Until your address is delivered, this browser keeps it so an interrupted signup can be finished, for 7 days from the day you last sent it. If sending fails, it waits in the form for you to try again, so on a shared computer send it or clear this site's data. Once delivered, the browser keeps only a keyed hash of it and the day it was sent, for 30 days from that day, so it is never sent twice; someone using this browser who guesses your address could check the guess against it. Whatever is past its time is removed the next time you open this site.",
    AS_READ,
  );
  await expect(notice).toContainText(
    "Your rights You can ask to see, correct or delete your address, or object to our use of it, at any time. You can also complain to a data protection authority",
    AS_READ,
  );
}

test.describe("the privacy notice by the form", () => {
  test("sits closed under the privacy line; the keyboard opens it on the build's settings", async ({
    page,
  }) => {
    await gotoApp(page, "/");
    const { details, summary } = privacyNotice(page);
    const { form, submit } = waitlistForm(page);
    await expect(
      form.getByText("We only use your address to contact you about Bulwark early access."),
    ).toBeVisible();
    await expect(summary).toBeVisible();
    await expect(details.getByText("Who collects it")).toBeHidden();
    // No checkbox: joining is the purpose itself, so there is nothing to tick.
    await expect(form.getByRole("checkbox")).toHaveCount(0);

    // The next Tab stop after the button, opened and closed by Enter.
    await submit.focus();
    await page.keyboard.press("Tab");
    await expect(summary).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(details).toHaveJSProperty("open", true);
    await expect(details).toContainText(
      "Who collects it Bulwark Example Ltd, 1 Example Street, London EC1A 1AA, United Kingdom",
      AS_READ,
    );
    await expect(details).toContainText(
      "How long we keep it Until early access opens, and no longer than 12 months. Then we delete it.",
      AS_READ,
    );
    await expect(details).toContainText(
      "Questions and requests Write to privacy@bulwark.example.",
      AS_READ,
    );
    await expect(details.getByRole("link", { name: "privacy@bulwark.example" })).toHaveAttribute(
      "href",
      "mailto:privacy@bulwark.example",
    );
    await expectFixedPoints(details);
    await page.keyboard.press("Enter");
    await expect(details).toHaveJSProperty("open", false);
    await expect(details.getByText("Who collects it")).toBeHidden();
  });

  test("a build without the settings says neutral words, never a placeholder", async ({ page }) => {
    await gotoApp(page, `${E2E_MISCONFIGURED_SITE_URL}/`);
    const { details, summary } = privacyNotice(page);
    await summary.click();
    await expect(details).toContainText("Who collects it The team behind Bulwark", AS_READ);
    await expect(details).toContainText(
      "How long we keep it Only as long as the waitlist needs it. Then we delete it.",
      AS_READ,
    );
    await expect(details).toContainText(
      "Questions and requests Reply to the confirmation email we send when you join.",
      AS_READ,
    );
    await expectFixedPoints(details);
    await expect(details.getByRole("link")).toHaveCount(0);
    await expect(details).not.toContainText(/\{|\}|undefined|null|PRIVACY_/);
  });

  test("opens with JavaScript off", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/", { waitUntil: "load" });
    const { details, summary } = privacyNotice(page);
    await expect(details.getByText("Your rights")).toBeHidden();
    await summary.click();
    await expect(details.getByText("Your rights")).toBeVisible();
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
    await expect(footer.getByRole("heading", { name: "Contact", level: 2 })).toBeVisible();
    await expect(footer.getByRole("link", { name: "privacy@bulwark.example" })).toHaveAttribute(
      "href",
      "mailto:privacy@bulwark.example",
    );
    await expect(footer.getByRole("link", { name: "security@bulwark.example" })).toHaveAttribute(
      "href",
      "mailto:security@bulwark.example",
    );
    const securityTxt = footer.getByRole("link", { name: "security.txt" });
    const href = await securityTxt.getAttribute("href");
    expect(href).toBe("/.well-known/security.txt");
    // The link leads to the file the build wrote from the same setting.
    const file = await request.get(href ?? "");
    expect(file.status()).toBe(200);
    expect(await file.text()).toContain("Contact: mailto:security@bulwark.example\n");
    await expect(footer).toContainText(
      "The threat alert at the top of the page and the dashboard's figures, alerts and map are illustrative sample data.",
      AS_READ,
    );
    await expect(footer).toContainText(
      `© ${new Date().getFullYear()} Bulwark. All rights reserved.`,
      AS_READ,
    );
  });

  test("without the settings: no link to a security.txt that was never written", async ({
    page,
  }) => {
    await gotoApp(page, `${E2E_MISCONFIGURED_SITE_URL}/`);
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(
      "Privacy Reply to the confirmation email we send when you join.",
      AS_READ,
    );
    await expect(footer.getByRole("link")).toHaveCount(0);
    await expect(footer.getByText("Security", { exact: true })).toHaveCount(0);
  });

  test("its two columns line up at every width from 320 to 1920 px", async ({ page }) => {
    await gotoApp(page, "/");
    const footer = page.getByRole("contentinfo");
    // Each column, found from what it holds: the brand's blurb and the Contact heading.
    const brand = footer
      .getByText("AI-powered API security & fraud prevention for teams")
      .locator("..");
    const contact = footer.getByRole("heading", { name: "Contact" }).locator("..");
    const note = footer.getByText("are illustrative sample data.");
    const copyright = footer.getByText(/^© \d{4} Bulwark\./);
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
    const card = page.getByRole("figure", { name: "SQL injection attempt" });
    await expect(card).toHaveAccessibleDescription("Sample data");
    await expect(card.getByText("Sample data", { exact: true })).toBeVisible();

    const dashboard = page.getByRole("figure", { name: "Fraud Command Center" });
    await expect(dashboard).toHaveAccessibleDescription("Sample data");
    await dashboard.getByText("Sample data", { exact: true }).scrollIntoViewIfNeeded();
    await expect(dashboard.getByText("Sample data", { exact: true })).toBeVisible();
    // Figures are not dressed up as live ones.
    await expect(dashboard.getByText("Live", { exact: true })).toHaveCount(0);
    await expect(dashboard).toContainText("$157K");
  });

  test("the outline of / is the page's own structure, not the sample cards'", async ({ page }) => {
    await gotoApp(page, "/");
    const outline = await page
      .getByRole("heading")
      .evaluateAll((headings) =>
        headings.map((heading) => `h${heading.tagName.slice(1)} ${heading.textContent?.trim()}`),
      );
    expect(outline).toEqual([
      "h1 Stop API attacks and fraud before they cost you",
      "h2 Join the early-access waitlist",
      "h2 Defense that learns as fast as attackers do",
      "h3 ML Fraud Detection",
      "h3 User Behavior Analysis",
      "h3 API Security Layer",
      "h3 Adaptive Response System",
      "h2 Every threat, one calm view",
      "h2 Built for the way you run your business",
      "h3 API Security",
      "h3 Fraud Prevention",
      "h3 User Behavior Analysis",
      "h2 Contact",
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
