/**
 * docs/behaviour.md, "Quality bars": Accessibility: the whole signup works by keyboard alone, with
 * a skip link and a visible focus indicator at every stop; a toast is reached with F8 and closed
 * with Enter; the phone menu opens, walks and closes by keyboard. What the judges say of each view
 * is in views.spec.ts.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { uniqueEmail } from "../support/guards";
import { watchRequests } from "../support/held-requests";
import { pauseClock, runClockUntil, UNTIL_TEST_TIMEOUT } from "../support/page-clock";
import { appIdle, gotoApp } from "../support/tabs";
import { toasts, waitlistForm } from "../support/waitlist-page";
import {
  BACK_HOME,
  CLOSE_TOAST,
  FAILURE_TITLE,
  JOIN,
  NAV,
  SKIP_LINK,
  SUCCESS_HEADING,
  TOAST_REGION,
} from "../support/words";

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

test.describe("keyboard only", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("skip link, visible focus, then joining the waitlist without a mouse", async ({
    page,
    emulator,
  }) => {
    await gotoApp(page, "/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const skip = page.getByRole("link", { name: SKIP_LINK });
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
    await expectVisibleFocus(page.getByRole("button", { name: JOIN }));
    await page.keyboard.press("Shift+Tab");
    await expectVisibleFocus(email);
    await page.keyboard.press("Enter");

    // The send and its answer take as long as the machine makes them: the test's budget bounds it.
    await expect(page).toHaveURL(/\/success$/, UNTIL_TEST_TIMEOUT);
    const heading = page.getByRole("heading", { level: 1, name: SUCCESS_HEADING });
    await expect(heading).toBeFocused();
    // Back to Home is reachable from the focused heading and shows its focus.
    await page.keyboard.press("Tab");
    await expectVisibleFocus(page.getByRole("link", { name: BACK_HOME }));
    await expect.poll(async () => (await emulator.outbox(address)).length).toBe(1);
    // Once /success has run what it puts off until idle, still one: nothing was sent twice.
    await appIdle(page);
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
    // The toast closes by itself after 5 s: on a stopped clock it stays until the keyboard
    // closes it, however slowly the keys are pressed.
    const requests = watchRequests(page);
    await gotoApp(page, "/");
    await pauseClock(page);
    const { email } = waitlistForm(page);
    await email.focus();
    await page.keyboard.type(address);
    const region = page.getByRole("region", { name: TOAST_REGION });
    const toast = toasts(page).filter({ hasText: FAILURE_TITLE });
    await page.keyboard.press("Enter");
    // The answer in real time (so the send's time limit never runs), then the lazily loaded
    // toaster on the page's clock: the toast has had at most one step of its 5 s when it shows.
    await runClockUntil(page, () => toast.isVisible(), { beforeStep: () => requests.answered() });

    await page.keyboard.press("F8");
    // Soft, so the stops after it are still checked when the list shows no focus.
    await expectVisibleFocus(region.getByRole("list"), expect.soft);
    await page.keyboard.press("Tab");
    await expectVisibleFocus(toast);
    await page.keyboard.press("Tab");
    await expectVisibleFocus(toast.getByRole("button", { name: CLOSE_TOAST }));
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
    await gotoApp(page, "/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const nav = page.getByRole("navigation", { name: NAV.name });
    const toggle = nav.getByRole("button", { name: NAV.menu });

    await page.keyboard.press("Tab");
    await expectVisibleFocus(page.getByRole("link", { name: SKIP_LINK }));
    // Skip link, logo link, then the toggle: the hidden desktop items take no Tab stop.
    await page.keyboard.press("Tab");
    await expectVisibleFocus(focused(page));
    await page.keyboard.press("Tab");
    await expectVisibleFocus(toggle);

    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    for (const label of [NAV.features, NAV.dashboard, NAV.solutions]) {
      await page.keyboard.press("Tab");
      await expectVisibleFocus(nav.getByRole("link", { name: label }));
    }
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: NAV.features })).toBeHidden();
    await expectVisibleFocus(toggle);
  });
});
