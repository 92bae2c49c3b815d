/**
 * The phone journey, where most visitors arrive: on a 375x667 phone the waitlist field is near the top
 * and one tap from the first screen, also before the app has started; after joining, /success
 * arrives at the top with its heading focused and the Redirecting... toast clear of heading and logo.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { uniqueEmail } from "../support/guards";
import { holdAppScript } from "../support/held-requests";
import { boxesOverlap } from "../support/layout";
import { pageRecord } from "../support/page-record";
import { gotoApp } from "../support/tabs";
import { toasts, waitlistForm } from "../support/waitlist-page";
import {
  BACK_HOME,
  EMAIL_LABEL,
  JOIN_LINK,
  NAV,
  SUCCESS_HEADING,
  SUCCESS_TITLE,
  VIEW_DETAILS,
} from "../support/words";

/** The fixed header's height: what lies under it is not in view. */
const HEADER_PX = 64;
const FIELD_TOP_MAX_PX = 800;

test.describe("on a 375x667 phone", () => {
  test.use({ viewport: { width: 375, height: 667 }, hasTouch: true });

  test(`the email field starts within ${FIELD_TOP_MAX_PX} px of the page top, below the sample card`, async ({
    page,
  }) => {
    await gotoApp(page, "/");
    const { email } = waitlistForm(page);
    const fieldTop = await email.evaluate((field) => field.getBoundingClientRect().top + scrollY);
    test
      .info()
      .annotations.push({ type: "email field top at 375x667", description: `${fieldTop}` });
    expect(fieldTop).toBeLessThanOrEqual(FIELD_TOP_MAX_PX);
    // The spec's order holds: the sample card's View Details comes before the form.
    const cardBottom = await page
      .getByRole("button", { name: VIEW_DETAILS })
      .evaluate((button) => button.getBoundingClientRect().bottom + scrollY);
    expect(cardBottom).toBeLessThan(fieldTop);
  });

  test("one tap on Join the waitlist, in the first screen, puts focus in the email field", async ({
    page,
  }) => {
    await gotoApp(page, "/");
    await expectOneTapToTheField(page);
  });

  test("the tap works before the app has started", async ({ page }) => {
    const app = await holdAppScript(page);
    // Not `load`: the page's load waits for the script the test holds back.
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await app.arrived();
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(
      false,
    );
    await expectOneTapToTheField(page);
    expect(
      await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated")),
      "the app was still held back at the tap",
    ).toBe(false);
    await app.release();
  });

  test("the header keeps its three section links and nothing more", async ({ page }) => {
    await gotoApp(page, "/");
    const nav = page.getByRole("navigation", { name: NAV.name });
    const toggle = nav.getByRole("button", { name: NAV.menu });
    await toggle.click();
    const menu = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
    await expect(menu.getByRole("link")).toHaveText([NAV.features, NAV.dashboard, NAV.solutions]);
    // The toggle, the logo's link home and the three items: nothing else joins the navigation.
    await expect(nav.getByRole("button")).toHaveCount(1);
    await expect(nav.getByRole("link")).toHaveCount(4);
    await expect(nav.getByRole("link", { name: /waitlist/i })).toHaveCount(0);
  });
});

async function expectOneTapToTheField(page: Page) {
  const join = page.getByRole("link", { name: JOIN_LINK });
  const box = await join.boundingBox();
  if (!box) throw new Error("Join the waitlist is not shown");
  const viewport = page.viewportSize();
  if (!viewport) throw new Error("no viewport");
  expect(box.y, "Join the waitlist sits below the header").toBeGreaterThanOrEqual(HEADER_PX);
  expect(box.y + box.height, "Join the waitlist is in the first screen").toBeLessThanOrEqual(
    viewport.height,
  );
  await join.tap();
  const { email } = waitlistForm(page);
  await expect(email).toBeFocused();
  // In view, clear of the fixed header, with its label above it in view too.
  await expect
    .poll(() =>
      page.getByText(EMAIL_LABEL, { exact: true }).evaluate((label) => {
        const field = document.activeElement as HTMLElement;
        return (
          label.getBoundingClientRect().top >= 64 &&
          field.getBoundingClientRect().bottom <= innerHeight
        );
      }),
    )
    .toBe(true);
}

/**
 * Samples, every frame from the first moment /success shows its heading, how far the page is
 * scrolled: a page that arrives at the top reads 0 throughout.
 */
async function recordSuccessScroll(page: Page): Promise<() => Promise<number[]>> {
  await page.addInitScript(() => {
    const samples: number[] = [];
    Object.assign(window, { successScroll: samples });
    const sample = () => {
      if (location.pathname === "/success" && document.querySelector("h1")) samples.push(scrollY);
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  return () => pageRecord<number[]>(page, "successScroll");
}

const ARRIVALS = [
  { width: 320, height: 568 },
  { width: 375, height: 667 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
];

for (const reducedMotion of ["no-preference", "reduce"] as const) {
  for (const viewport of ARRIVALS) {
    test.describe(`arriving on /success at ${viewport.width} px, motion ${reducedMotion}`, () => {
      test.use({ viewport, reducedMotion });

      test("at the top, heading focused, the toast clear of heading and logo, and after them in Tab order", async ({
        page,
      }) => {
        const scrolls = await recordSuccessScroll(page);
        await gotoApp(page, "/");
        const { email, submit } = waitlistForm(page);
        await email.fill(uniqueEmail("arrival"));
        // As a visitor does: the form scrolled into view, then the button pressed.
        await submit.click();
        // The SDK's import and the send scale with the CPU: bounded by the test's budget only.
        await page.waitForURL(/\/success$/);
        const heading = page.getByRole("heading", { name: SUCCESS_HEADING, level: 1 });
        await expect(heading).toBeFocused();
        await expect(heading).toBeInViewport({ ratio: 1 });
        const toast = toasts(page).filter({ hasText: SUCCESS_TITLE });
        await expect(toast).toBeVisible();
        // The toast has faded in where it stays.
        await expect(toast).toHaveCSS("opacity", "1");
        const samples = await scrolls();
        expect(samples.length).toBeGreaterThan(0);
        expect(Math.max(...samples), "how far /success was scrolled while arriving").toBe(0);

        const toastBox = await toast.boundingBox();
        const logo = page.getByRole("link", { name: "Bulwark" });
        for (const [name, part] of [
          ["heading", heading],
          ["logo", logo],
        ] as const) {
          const box = await part.boundingBox();
          if (!toastBox || !box) throw new Error("no box");
          expect(boxesOverlap(box, toastBox), `the toast covers the ${name}`).toBe(false);
        }

        // The page's own content comes first: Tab from the heading reaches Back to Home, not the
        // toast, and the logo is the first stop of the page.
        await page.keyboard.press("Tab");
        await expect(page.getByRole("link", { name: BACK_HOME })).toBeFocused();
        await heading.focus();
        await page.keyboard.press("Shift+Tab");
        await expect(logo).toBeFocused();
      });
    });
  }
}
