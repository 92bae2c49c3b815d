import { expect, test } from "../support/fixtures";

test.describe("prerendered HTML, before any script runs", () => {
  test("/ holds the headline, every section heading and the waitlist form", async ({ request }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain("<h1");
    expect(html).toContain("Stop API attacks and fraud");
    for (const text of [
      "ML Fraud Detection",
      "Recent Threat Activity",
      "Global Fraud Map",
      "Security Health",
      "Fraud Prevention",
      'placeholder="Enter your email address"',
      'type="email"',
      "Join Waitlist",
      'id="contact"',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain(
      "<title>Bulwark: AI-powered API security &amp; fraud prevention</title>",
    );
  });

  test("/success holds its heading and next steps", async ({ request }) => {
    for (const path of ["/success", "/success/"]) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/<h1[^>]*>Thank You!<\/h1>/);
      expect(html).toContain("Email confirmation arrives shortly");
      expect(html).toContain('<meta name="robots" content="noindex"');
    }
  });

  test("an unknown path is the not-found page with HTTP 404", async ({ request }) => {
    const response = await request.get("/no-such-page");
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>404 Page Not Found<\/h1>/);
    expect(html).toContain("Did you forget to add the page to the router?");
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
    for (const name of [
      "View Details",
      "Run Fraud Analysis",
      "Export Risk Report",
      "Adjust Fraud Thresholds",
    ]) {
      const served = html.split(`>${name}<`).length - 1;
      expect(served, name).toBeGreaterThan(0);
      await expect(page.getByRole("button", { name, exact: true }), name).toHaveCount(served);
    }
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page
      .getByRole("heading", { name: "User Behavior Analysis", level: 3 })
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
