import { dashboard } from "../../../src/content/dashboard";
import { features } from "../../../src/content/features";
import { pageTitles, successPage } from "../../../src/content/pages";
import { solutions } from "../../../src/content/solutions";
import { asServed, HERO_HEADING, servedText } from "../support/copy";
import { expect, test } from "../support/fixtures";
import { JOIN, NOT_FOUND, PLACEHOLDER, SUCCESS_HEADING, VIEW_DETAILS } from "../support/words";

/** The first heading of level 1 of served HTML, as read. */
const servedHeading = (html: string) =>
  servedText(/<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "");

test.describe("prerendered HTML, before any script runs", () => {
  test("/ holds the headline, every section heading and the waitlist form", async ({ request }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(servedHeading(html)).toBe(HERO_HEADING);
    expect(servedText(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "")).toBe(pageTitles.landing);
    const text = servedText(html);
    for (const copy of [
      ...features.cards.map(({ title }) => title),
      dashboard.threats.title,
      dashboard.map.title,
      dashboard.securityHealth.title,
      ...solutions.cards.map(({ title }) => title),
      JOIN,
    ]) {
      expect(text).toContain(copy);
    }
    for (const markup of [`placeholder="${PLACEHOLDER}"`, 'type="email"', 'id="contact"']) {
      expect(html).toContain(markup);
    }
  });

  test("/success holds its heading and next steps", async ({ request }) => {
    for (const path of ["/success", "/success/"]) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(servedHeading(html)).toBe(SUCCESS_HEADING);
      for (const step of successPage.nextSteps) expect(servedText(html)).toContain(step.title);
      expect(html).toContain('<meta name="robots" content="noindex"');
    }
  });

  test("an unknown path is the not-found page with HTTP 404", async ({ request }) => {
    const response = await request.get("/no-such-page");
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(servedHeading(html)).toBe(NOT_FOUND.heading);
    expect(servedText(html)).toContain(NOT_FOUND.hint);
  });

  // One page with JavaScript off for both: what is served is all there is.
  test("with JavaScript off every part is served once, in its place, and the page reads fully", async ({
    browser,
    request,
  }) => {
    const html = await (await request.get("/")).text();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/", { waitUntil: "load" });
    // Buttons whose tooltips load later: the served HTML holds each once, and the page shows it
    // (no hidden copies for a script to move).
    for (const name of [VIEW_DETAILS, ...dashboard.quickActions.actions]) {
      const served = html.split(`>${asServed(name)}<`).length - 1;
      expect(served, name).toBeGreaterThan(0);
      await expect(page.getByRole("button", { name, exact: true }), name).toHaveCount(served);
    }
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page
      .getByRole("heading", { name: solutions.cards.at(-1)?.title, level: 3 })
      .first()
      .scrollIntoViewIfNeeded();
    // Cards are never left hidden without scripts: every card is fully opaque.
    const opacities = await page
      .locator("main li > div")
      .evaluateAll((cards) => cards.map((card) => getComputedStyle(card).opacity));
    expect(opacities.length).toBeGreaterThan(10);
    expect(new Set(opacities)).toEqual(new Set(["1"]));
    await context.close();
  });
});
