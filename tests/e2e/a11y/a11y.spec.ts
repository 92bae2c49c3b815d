/**
 * docs/behaviour.md, "Quality bars": Accessibility: axe-core (WCAG 2.0-2.2 A and AA) finds nothing on every page at
 * both widths and in every transient state (menu open, validation error, toast), and the whole
 * signup works by keyboard alone with a skip link and a visible focus indicator.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, test, uniqueEmail } from "../support/fixtures";

// axe on the whole landing page takes several seconds on a loaded machine.
test.describe.configure({ timeout: 60_000 });

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
/** axe's advice beyond WCAG too: `region` (all content inside a landmark) is the one that matters here. */
const BEST_PRACTICE_TAGS = [...WCAG_TAGS, "best-practice"];
const WIDTHS = [375, 1280] as const;

/** Every axe violation as its rule and the elements it names, so a failure reads as a to-do list. */
async function axeViolations(page: Page, tags = WCAG_TAGS) {
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
}

/**
 * Lets fades and transitions end, so colour contrast is measured on the settled page. The map's
 * dots pulse three times (about 6 s) and then rest, so the wait allows for them.
 */
async function settle(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document
              .getAnimations()
              .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
              .filter((animation) => animation.playState === "running").length,
        ),
      { message: "finite animations still running", timeout: 15_000 },
    )
    .toBe(0);
}

/**
 * Cards on / start hidden and fade in once scrolled into view. We keep the default motion setting
 * (what most visitors get) and scroll each still-hidden card into view until none is left, then
 * wait until every fade has ended, so contrast is measured on the cards as a visitor sees them.
 */
async function revealAllCards(page: Page) {
  // The reveal state lives only in a data attribute: nothing accessible describes it.
  const cards = page.locator("[data-reveal]");
  const pending = page.locator('[data-reveal="pending"]');
  await expect(cards.first()).toBeAttached();
  await expect(async () => {
    const left = await pending.count();
    if (left > 0) await pending.first().scrollIntoViewIfNeeded();
    expect(left, "cards not revealed yet").toBe(0);
  }).toPass({ timeout: 20_000 });
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await settle(page);
}

function waitlistForm(page: Page) {
  const form = page.getByRole("form", { name: "Join the early-access waitlist" });
  return {
    email: form.getByRole("textbox", { name: "Work email address" }),
    submit: form.getByRole("button", { name: "Join Waitlist" }),
    error: form.getByText("Please enter a valid email address"),
  };
}

/** The focused element draws an outline (the site's focus indicator), not `outline: none`. */
async function expectVisibleFocus(target: Locator, check = expect) {
  await expect(target).toBeFocused();
  const outline = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  });
  check(outline.style, "outline-style of the focused element").not.toBe("none");
  check(outline.width, "outline-width of the focused element").toBeGreaterThan(0);
}

/** How an element is clipped: "none" when nothing of it is cut away (`sr-only` clips it all). */
function clipping(target: Locator) {
  return target.evaluate((element) => {
    const style = getComputedStyle(element);
    return style.clip !== "auto" ? style.clip : style.clipPath;
  });
}

/** The focused element itself, found by what the browser reports as focused. */
function focused(page: Page) {
  return page.locator("*:focus");
}

for (const width of WIDTHS) {
  test.describe(`axe at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 740 : 900 } });

    test("the landing page, every card revealed", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await revealAllCards(page);
      expect(await axeViolations(page)).toEqual([]);
    });

    test("the thank-you page", async ({ page }) => {
      await page.goto("/success");
      await expect(page.getByRole("heading", { name: "Thank You!" })).toBeFocused();
      await settle(page);
      expect(await axeViolations(page)).toEqual([]);
    });

    test("the not-found page", async ({ page, consoleGuard }) => {
      consoleGuard.expectNotFoundDocument();
      const response = await page.goto("/no-such-page");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
      await settle(page);
      expect(await axeViolations(page)).toEqual([]);
    });

    test("a validation error shown", async ({ page }) => {
      await page.goto("/");
      const { email, submit, error } = waitlistForm(page);
      await email.fill("ada@");
      await submit.click();
      await expect(error).toBeVisible();
      await expect(email).toHaveAttribute("aria-invalid", "true");
      await settle(page);
      expect(await axeViolations(page)).toEqual([]);
    });

    test("the privacy notice open, best-practice rules too", async ({ page }) => {
      await page.goto("/");
      const form = page.getByRole("form", { name: "Join the early-access waitlist" });
      const notice = form.getByRole("group").filter({ hasText: "How we handle your address" });
      await form.getByText("How we handle your address", { exact: true }).click();
      await expect(notice.getByText("Your rights")).toBeVisible();
      await revealAllCards(page);
      expect(await axeViolations(page, BEST_PRACTICE_TAGS)).toEqual([]);
      await expect(notice).toHaveJSProperty("open", true);
    });

    test("an inert button's tooltip open, best-practice rules too", async ({ page }) => {
      await page.goto("/");
      const learnMore = page.getByRole("button", { name: "Learn More", exact: true });
      const viewDetails = page.getByRole("button", { name: "View Details" });
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
      // The tooltip code loads on the first interaction (this focus); Tab onto the button until
      // the tooltip shows.
      await learnMore.focus();
      await expect(async () => {
        await learnMore.focus();
        await page.keyboard.press("Tab");
        await expect(viewDetails).toBeFocused();
        await expect(tooltip).toHaveText("Available with early access", { timeout: 1500 });
      }).toPass({ timeout: 10_000 });
      await settle(page);
      const violations = await axeViolations(page, BEST_PRACTICE_TAGS);
      await expect(tooltip).toBeVisible();
      expect(violations).toEqual([]);
    });

    test("the Submission failed toast shown", async ({ page, emulator, consoleGuard }) => {
      consoleGuard.expectSendFailureLog();
      const address = uniqueEmail("a11y-toast");
      await emulator.fault({ count: 1, status: 400, match: { email: address } });
      await page.goto("/");
      const { email, submit } = waitlistForm(page);
      await email.fill(address);
      await submit.click();
      const toast = page
        .getByRole("region", { name: "Notifications (F8)" })
        .getByRole("listitem")
        .filter({ hasText: "Submission failed" });
      await expect(toast).toBeVisible();
      // The toast closes by itself after 5 s; a pointer resting on it pauses that timer, so it
      // is still there when axe has finished.
      await toast.hover();
      await settle(page);
      const violations = await axeViolations(page);
      await expect(toast).toBeVisible();
      expect(violations).toEqual([]);
    });
  });
}

test.describe("axe at 375 px with the menu open", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test("the mobile menu open", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const toggle = nav.getByRole("button", { name: "Menu" });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("button", { name: "Solutions" })).toBeVisible();
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("keyboard only", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("skip link, visible focus, then joining the waitlist without a mouse", async ({
    page,
    emulator,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const skip = page.getByRole("link", { name: "Skip to main content" });
    // Hidden until focused (clipped away), then shown in full.
    expect(await clipping(skip)).not.toBe("none");

    await page.keyboard.press("Tab");
    await expectVisibleFocus(skip);
    expect(await clipping(skip)).toBe("none");
    await expect(skip).toBeInViewport({ ratio: 1 });
    const box = await skip.boundingBox();
    expect(box?.width ?? 0, "skip link width when focused").toBeGreaterThan(100);
    expect(box?.height ?? 0, "skip link height when focused").toBeGreaterThanOrEqual(16);

    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();

    // From main, Tab walks through the hero to the email field; each stop shows its focus.
    const { email } = waitlistForm(page);
    const stops: string[] = [];
    for (let presses = 0; presses < 15; presses += 1) {
      await page.keyboard.press("Tab");
      const current = focused(page);
      await expectVisibleFocus(current);
      stops.push(await current.evaluate((element) => element.outerHTML.slice(0, 60)));
      if (await email.evaluate((element) => element === document.activeElement)) break;
    }
    await expect(email, `Tab stops on the way: ${stops.join(" | ")}`).toBeFocused();

    const address = uniqueEmail("keyboard");
    await page.keyboard.type(address);
    await expect(email).toHaveValue(address);
    // The submit button is the next stop and shows its focus too; Shift+Tab returns to the field.
    await page.keyboard.press("Tab");
    await expectVisibleFocus(page.getByRole("button", { name: "Join Waitlist" }));
    await page.keyboard.press("Shift+Tab");
    await expectVisibleFocus(email);
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/\/success$/);
    const heading = page.getByRole("heading", { level: 1, name: "Thank You!" });
    await expect(heading).toBeFocused();
    // Back to Home is reachable from the focused heading and shows its focus.
    await page.keyboard.press("Tab");
    await expectVisibleFocus(page.getByRole("link", { name: "Back to Home" }));
    await expect.poll(async () => (await emulator.outbox(address)).length).toBe(1);
    // Once the network is quiet, still one: nothing was sent twice.
    await page.waitForLoadState("networkidle");
    expect(await emulator.outbox(address)).toHaveLength(1);
  });

  test("a failure toast: F8 reaches it, focus shows at each stop, Enter closes it", async ({
    page,
    emulator,
    consoleGuard,
  }) => {
    consoleGuard.expectSendFailureLog();
    const address = uniqueEmail("keyboard-toast");
    await emulator.fault({ count: 1, status: 400, match: { email: address } });
    await page.goto("/");
    const { email } = waitlistForm(page);
    await email.focus();
    await page.keyboard.type(address);
    await page.keyboard.press("Enter");
    const region = page.getByRole("region", { name: "Notifications (F8)" });
    const toast = region.getByRole("listitem").filter({ hasText: "Submission failed" });
    await expect(toast).toBeVisible();

    await page.keyboard.press("F8");
    // Soft, so the stops after it are still checked when the list shows no focus.
    await expectVisibleFocus(region.getByRole("list"), expect.soft);
    await page.keyboard.press("Tab");
    await expectVisibleFocus(toast);
    await page.keyboard.press("Tab");
    await expectVisibleFocus(toast.getByRole("button", { name: "Close notification" }));
    await page.keyboard.press("Enter");
    await expect(toast).toHaveCount(0);
    await expect(email).toHaveValue(address);
  });
});

test.describe("keyboard only at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  // mobile-menu.spec.ts opens the menu with Enter from a focused toggle and picks an item. Missing
  // there: reaching the toggle by Tab alone, Space, visible focus, and Escape after keyboard use.
  test("Tab reaches the menu toggle; Space opens; items show focus; Escape closes", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Main" });
    const toggle = nav.getByRole("button", { name: "Menu" });

    await page.keyboard.press("Tab");
    await expectVisibleFocus(page.getByRole("link", { name: "Skip to main content" }));
    // Skip link, logo link, then the toggle: the hidden desktop items take no Tab stop.
    await page.keyboard.press("Tab");
    await expectVisibleFocus(focused(page));
    await page.keyboard.press("Tab");
    await expectVisibleFocus(toggle);

    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    for (const label of ["Features", "Dashboard", "Solutions"]) {
      await page.keyboard.press("Tab");
      await expectVisibleFocus(nav.getByRole("button", { name: label }));
    }
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("button", { name: "Features" })).toBeHidden();
    await expectVisibleFocus(toggle);
  });
});
