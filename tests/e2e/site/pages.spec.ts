import type { Page } from "@playwright/test";
import { dashboard } from "../../../src/content/dashboard";
import { pageTitles, successPage } from "../../../src/content/pages";
import { solutions } from "../../../src/content/solutions";
import { HERO_HEADING } from "../support/copy";
import { expect, test } from "../support/fixtures";
import { uniqueEmail } from "../support/guards";
import { UNTIL_TEST_TIMEOUT } from "../support/page-clock";
import { pageRecord } from "../support/page-record";
import { gotoApp, reloadApp } from "../support/tabs";
import { waitlistForm } from "../support/waitlist-page";
import { BACK_HOME, NOT_FOUND, SUCCESS_HEADING } from "../support/words";

/** Drawn by the prerender only (static parts): the dashboard's alerts and a solution's title. */
const STATIC_TEXT = dashboard.criticalAlerts.title;
const STATIC_HEADING = solutions.cards[1]?.title ?? "";

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
    await expect(page.getByRole("heading", { name: SUCCESS_HEADING })).toBeVisible();
    await expect.poll(conversions).toHaveLength(1);
    const dataLayer = await pageRecord<unknown[]>(page, "dataLayer");
    expect(dataLayer).toEqual([{ event: "waitlist_signup" }]);
    // Two painted frames later every effect has run: still one event (no StrictMode double log).
    await nextFrames(page);
    expect(conversions()).toHaveLength(1);
    // A reload of /success is a visit to the page, not a second signup.
    await reloadApp(page);
    await expect(page.getByRole("heading", { name: SUCCESS_HEADING })).toBeFocused();
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
    const heading = page.getByRole("heading", { level: 1, name: SUCCESS_HEADING });
    await expect(heading).toBeVisible();
    // Focus moves to the heading in the same effect that would log.
    await expect(heading).toBeFocused();
    await expect(page.getByText(successPage.message)).toBeVisible();
    const steps = page.getByRole("list").getByRole("listitem");
    await expect(steps).toHaveCount(3);
    for (const [index, step] of successPage.nextSteps.entries()) {
      await expect(steps.nth(index)).toContainText(step.title);
    }
    await expect(page).toHaveTitle(pageTitles.success);
    await nextFrames(page);
    expect(consoleGuard.logs.filter((line) => line.startsWith("[conversion]"))).toEqual([]);
    expect(await pageRecord<unknown[]>(page, "dataLayer")).toEqual([]);

    await page.getByRole("link", { name: BACK_HOME }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HERO_HEADING);
    // Parts the browser's bundle never draws are there: they came with the page from the server.
    await expect(page.getByText(STATIC_TEXT, { exact: true })).toBeAttached();
    await expect(page.getByRole("heading", { name: STATIC_HEADING })).toBeAttached();
    await expect(page).toHaveTitle(pageTitles.landing);
  });

  test("Back after a signup shows / whole again, never an empty shell", async ({ page }) => {
    await gotoApp(page, "/");
    const { email, submit } = waitlistForm(page);
    await email.fill(uniqueEmail());
    await submit.click();
    await expect(page.getByRole("heading", { name: SUCCESS_HEADING })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    // The page comes again from the server: as long as the machine takes.
    await expect(page.getByRole("heading", { name: STATIC_HEADING })).toBeVisible(
      UNTIL_TEST_TIMEOUT,
    );
    await expect(page.getByText(STATIC_TEXT, { exact: true })).toBeAttached();
    await expect(page).toHaveTitle(pageTitles.landing);
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
      await expect(page.getByRole("heading", { level: 1, name: NOT_FOUND.heading })).toBeVisible();
      await expect(page.getByText(NOT_FOUND.hint)).toBeVisible();
      await expect(page.locator("main svg.icon")).toBeVisible();
    }
  });
});
