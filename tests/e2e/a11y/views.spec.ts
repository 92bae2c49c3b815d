/**
 * docs/behaviour.md, "Quality bars": Accessibility: axe-core (WCAG 2.0-2.2 A and AA) and pa11y's
 * HTML_CodeSniffer runner (WCAG2AA, errors only) find nothing on every page at 320, 375 and 1280
 * px and in every transient state (menu open, validation error, privacy notice, tooltip, toast,
 * typo hint).
 * Each view is built once and judged by both (./judges.ts).
 */
import type { Page } from "@playwright/test";
import { privacyNotice } from "../../../src/content/privacy";
import { expect, test } from "../support/fixtures";
import { uniqueEmail } from "../support/guards";
import { watchRequests } from "../support/held-requests";
import { revealAll } from "../support/layout";
import { pauseClock, runClockUntil } from "../support/page-clock";
import { gotoApp } from "../support/tabs";
import { toasts, touchPage, waitlistForm } from "../support/waitlist-page";
import {
  FAILURE_TITLE,
  INERT_HINT,
  INVALID,
  LEARN_MORE,
  NAV,
  NOT_FOUND,
  PRIVACY_SUMMARY,
  SUCCESS_HEADING,
  VIEW_DETAILS,
} from "../support/words";
import { judge } from "./judges";

// The two judges' budgets from when each built its own page (axe 60 s, pa11y 90 s), now one
// test's: both on the whole landing page are CPU-bound work of tens of seconds on a busy machine.
test.describe.configure({ timeout: 150_000 });

const PAGE_WIDTHS = [320, 375, 1280] as const;
const STATE_WIDTHS = [375, 1280] as const;

function viewport(width: number) {
  return { width, height: width < 768 ? 740 : 900 };
}

const NO_FINDINGS = { axe: [], pa11y: [] };

/**
 * The cards on / start hidden and fade in once scrolled into view: with the default motion setting
 * (what most visitors get) every card is scrolled into view, then the page back to the top.
 */
async function revealAllCards(page: Page) {
  await revealAll(page);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
}

for (const width of PAGE_WIDTHS) {
  test.describe(`both judges at ${width} px`, () => {
    test.use({ viewport: viewport(width) });

    test("the thank-you page", async ({ page }) => {
      await gotoApp(page, "/success");
      await expect(page.getByRole("heading", { name: SUCCESS_HEADING })).toBeFocused();
      expect(await judge(page, `/success @ ${width} px`)).toEqual(NO_FINDINGS);
    });

    test("the not-found page", async ({ page, consoleGuard }) => {
      consoleGuard.expectNotFoundDocument();
      const response = await gotoApp(page, "/no-such-page");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: NOT_FOUND.heading })).toBeVisible();
      expect(await judge(page, `404 @ ${width} px`)).toEqual(NO_FINDINGS);
    });

    // The whole landing page, every card revealed, judged once with two states shown that change
    // only the form: an invalid address's error and the privacy notice open (all it shows when
    // closed is its summary, judged either way). axe's best-practice rules too.
    test("the landing page with a validation error and the privacy notice open, axe's best-practice rules too", async ({
      page,
    }) => {
      await gotoApp(page, "/");
      const { form, email, submit } = waitlistForm(page);
      await email.fill("ada@");
      await submit.click();
      await expect(form.getByText(INVALID)).toBeVisible();
      await expect(email).toHaveAttribute("aria-invalid", "true");
      const notice = form.getByRole("group").filter({ hasText: PRIVACY_SUMMARY });
      await form.getByText(PRIVACY_SUMMARY, { exact: true }).click();
      await expect(notice.getByText(privacyNotice.rights.term)).toBeVisible();
      await revealAllCards(page);
      const findings = await judge(
        page,
        `/ (validation error, privacy notice open) @ ${width} px`,
        {
          bestPractice: true,
        },
      );
      expect(findings).toEqual(NO_FINDINGS);
      await expect(notice).toHaveJSProperty("open", true);
      await expect(email).toHaveAttribute("aria-invalid", "true");
    });
  });
}

for (const width of STATE_WIDTHS) {
  test.describe(`both judges at ${width} px, a state shown`, () => {
    test.use({ viewport: viewport(width) });

    test("an inert button's tooltip open, axe's best-practice rules too", async ({ page }) => {
      await gotoApp(page, "/");
      const learnMore = page.getByRole("link", { name: LEARN_MORE, exact: true });
      const viewDetails = page.getByRole("button", { name: VIEW_DETAILS });
      const tooltip = page.getByRole("tooltip");
      // Any scroll closes the tooltip, so bring both Tab stops into view first (one above the
      // other on a phone, side by side on a desktop), the higher one just below the header.
      await learnMore.evaluate(
        (button, next) => {
          const top = Math.min(
            ...[button, next].map((element) => element.getBoundingClientRect().top),
          );
          window.scrollTo({ top: top + window.scrollY - 100, behavior: "instant" });
        },
        await viewDetails.elementHandle(),
      );
      await expect(learnMore).toBeInViewport({ ratio: 1 });
      await expect(viewDetails).toBeInViewport({ ratio: 1 });
      // This first focus loads the tooltip code; once it has taken over the button (Radix marks
      // its trigger with data-state), a focus opens the tooltip at once.
      await learnMore.focus();
      await expect(viewDetails).toHaveAttribute("data-state", "closed");
      await page.keyboard.press("Tab");
      await expect(viewDetails).toBeFocused();
      await expect(tooltip).toHaveText(INERT_HINT);
      const findings = await judge(page, `/ (tooltip open) @ ${width} px`, {
        bestPractice: true,
      });
      await expect(tooltip).toBeVisible();
      expect(findings).toEqual(NO_FINDINGS);
    });

    test("the typo hint shown under the field, axe's best-practice rules too", async ({ page }) => {
      await gotoApp(page, "/");
      await touchPage(page);
      const { form, email } = waitlistForm(page);
      const address = uniqueEmail("a11y-typo");
      await email.fill(address.replace(/\.com$/, ".con"));
      await email.blur();
      const take = form.getByRole("button", { name: `Use ${address}` });
      await expect(take).toBeVisible();
      const findings = await judge(page, `/ (typo hint shown) @ ${width} px`, {
        bestPractice: true,
      });
      await expect(take).toBeVisible();
      expect(findings).toEqual(NO_FINDINGS);
    });

    test("the Submission failed toast shown", async ({ page, emulator, consoleGuard }) => {
      consoleGuard.expectSendFailureLog();
      const address = uniqueEmail("a11y-toast");
      await emulator.fault({ count: 1, status: 400, match: { email: address } });
      const requests = watchRequests(page);
      await gotoApp(page, "/");
      await pauseClock(page);
      const { email, submit } = waitlistForm(page);
      await email.fill(address);
      const toast = toasts(page).filter({ hasText: FAILURE_TITLE });
      await submit.click();
      // The answer in real time (so the send's time limit never runs), then the lazily loaded
      // toaster on the page's clock: the toast has had at most one step of its 5 s when it shows.
      await runClockUntil(page, () => toast.isVisible(), { beforeStep: () => requests.answered() });
      // Two seconds on: the toast announced, its fade over, still 3 s before it closes. Then a
      // pointer resting on it pauses its timer (as for a visitor), and time may run again: the
      // judges' own code waits on the page's timers.
      await page.clock.runFor(2000);
      await toast.hover();
      await page.clock.resume();
      const findings = await judge(page, `/ (toast shown) @ ${width} px`);
      await expect(toast).toBeVisible();
      expect(findings).toEqual(NO_FINDINGS);
    });
  });
}

for (const width of [320, 375] as const) {
  test.describe(`both judges at ${width} px with the menu open`, () => {
    test.use({ viewport: viewport(width), hasTouch: true });

    test("the mobile menu open", async ({ page }) => {
      await gotoApp(page, "/");
      const nav = page.getByRole("navigation", { name: NAV.name });
      const toggle = nav.getByRole("button", { name: NAV.menu });
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await expect(nav.getByRole("link", { name: NAV.solutions })).toBeVisible();
      expect(await judge(page, `/ (menu open) @ ${width} px`)).toEqual(NO_FINDINGS);
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
    });
  });
}
