import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { uniqueEmail } from "../support/guards";
import { UNTIL_TEST_TIMEOUT } from "../support/page-clock";
import { pageRecord } from "../support/page-record";
import { gotoApp, reloadApp } from "../support/tabs";
import { waitlistForm } from "../support/waitlist-page";

/** Two painted frames: every effect of the last render has run by then. */
function nextFrames(page: Page) {
  return page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}

test.describe("thank-you page", () => {
  test("logs one conversion event on an arrival from a send and pushes to an existing dataLayer", async ({
    page,
    consoleGuard,
  }) => {
    const conversions = () =>
      consoleGuard.logs.filter((line) => line.startsWith("[conversion] waitlist_signup"));
    await page.addInitScript(() => {
      Object.assign(window, { dataLayer: [] });
    });
    await gotoApp(page, "/");
    const { email, submit } = waitlistForm(page);
    await email.fill(uniqueEmail("conversion"));
    await submit.click();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expect.poll(conversions).toHaveLength(1);
    const dataLayer = await pageRecord<unknown[]>(page, "dataLayer");
    expect(dataLayer).toEqual([{ event: "waitlist_signup" }]);
    // Two painted frames later every effect has run: still one event (no StrictMode double log).
    await nextFrames(page);
    expect(conversions()).toHaveLength(1);
    // A reload of /success is a visit to the page, not a second signup.
    await reloadApp(page);
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeFocused();
    await nextFrames(page);
    expect(conversions()).toHaveLength(1);
  });

  // One direct visit for what it shows, what it logs and where Back to Home leads.
  test("a direct visit: thank you, the three next steps, the heading focused, no conversion; Back to Home loads / afresh", async ({
    page,
    consoleGuard,
  }) => {
    await page.addInitScript(() => {
      Object.assign(window, { dataLayer: [] });
    });
    await gotoApp(page, "/success");
    const heading = page.getByRole("heading", { level: 1, name: "Thank You!" });
    await expect(heading).toBeVisible();
    // Focus moves to the heading in the same effect that would log.
    await expect(heading).toBeFocused();
    await expect(page.getByText("You've joined the Bulwark waitlist")).toBeVisible();
    await expect(page.getByText("notify you as soon as early access is available")).toBeVisible();
    const steps = page.getByRole("list").getByRole("listitem");
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toContainText("We review your submission");
    await expect(steps.nth(1)).toContainText("Email confirmation arrives shortly");
    await expect(steps.nth(2)).toContainText("We contact you when early access opens");
    await expect(page).toHaveTitle("You're on the list | Bulwark");
    await nextFrames(page);
    expect(consoleGuard.logs.filter((line) => line.startsWith("[conversion]"))).toEqual([]);
    expect(await pageRecord<unknown[]>(page, "dataLayer")).toEqual([]);

    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Stop API attacks");
    // Parts the browser's bundle never draws are there: they came with the page from the server.
    await expect(page.getByText("Critical Alerts", { exact: true })).toBeAttached();
    await expect(page.getByRole("heading", { name: "Fraud Prevention" })).toBeAttached();
    await expect(page).toHaveTitle("Bulwark: AI-powered API security & fraud prevention");
  });

  test("Back after a signup shows / whole again, never an empty shell", async ({ page }) => {
    await gotoApp(page, "/");
    const { email, submit } = waitlistForm(page);
    await email.fill(uniqueEmail());
    await submit.click();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    // The page comes again from the server: as long as the machine takes.
    await expect(page.getByRole("heading", { name: "Fraud Prevention" })).toBeVisible(
      UNTIL_TEST_TIMEOUT,
    );
    await expect(page.getByText("Critical Alerts", { exact: true })).toBeAttached();
    await expect(page).toHaveTitle("Bulwark: AI-powered API security & fraud prevention");
  });
});

test.describe("not-found page", () => {
  test("any other path shows the 404 card with its hint, served as 404", async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.expectNotFoundDocument();
    for (const path of ["/pricing", "/success/extra", "/a/b/c"]) {
      const response = await gotoApp(page, path);
      expect(response?.status()).toBe(404);
      await expect(
        page.getByRole("heading", { level: 1, name: "404 Page Not Found" }),
      ).toBeVisible();
      await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
      await expect(page.locator("main svg.icon")).toBeVisible();
    }
  });
});
