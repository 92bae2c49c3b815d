import { BANDS } from "../support/copy";
import { expect, test } from "../support/fixtures";
import { gotoApp } from "../support/tabs";
import { NAV } from "../support/words";

const [FEATURES, DASHBOARD, SOLUTIONS] = BANDS;

test.describe("navigation below the md breakpoint", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test("the menu toggle opens, fades in, closes on Escape and returns focus", async ({ page }) => {
    await gotoApp(page, "/");
    const nav = page.getByRole("navigation", { name: NAV.name });
    const toggle = nav.getByRole("button", { name: NAV.menu });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    // The desktop buttons are collapsed into the menu.
    await expect(nav.getByRole("link", { name: NAV.features })).toBeHidden();

    const menuId = await toggle.getAttribute("aria-controls");
    expect(menuId).toBeTruthy();
    const menu = page.locator(`#${menuId}`);
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();
    await expect(menu).toHaveCSS("animation-duration", "0.2s");
    await expect(menu.getByRole("link")).toHaveText([NAV.features, NAV.dashboard, NAV.solutions]);

    await menu.getByRole("link", { name: NAV.dashboard }).focus();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
  });

  test("choosing an item closes the menu and scrolls to its section", async ({ page }) => {
    await gotoApp(page, "/");
    const nav = page.getByRole("navigation", { name: NAV.name });
    const toggle = nav.getByRole("button", { name: NAV.menu });
    for (const { nav: label, heading } of [SOLUTIONS, FEATURES]) {
      await toggle.click();
      await nav.getByRole("link", { name: label }).click();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(nav.getByRole("link", { name: label })).toBeHidden();
      const target = page.getByRole("heading", { name: heading, level: 2 });
      await expect(target).toBeInViewport();
      const header = await page.getByRole("banner").boundingBox();
      // The smooth scroll may still be running: wait for the heading to come to rest below the bar.
      await expect
        .poll(async () => (await target.boundingBox())?.y ?? 0)
        .toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    }
  });

  test("the menu works by keyboard alone", async ({ page }) => {
    await gotoApp(page, "/");
    const nav = page.getByRole("navigation", { name: NAV.name });
    const toggle = nav.getByRole("button", { name: NAV.menu });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: NAV.features })).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("heading", { name: DASHBOARD.heading })).toBeInViewport();
  });
});

test.describe("the menu at 320x180 (400% zoom)", () => {
  test.use({ viewport: { width: 320, height: 180 } });

  test("it scrolls inside the screen; every item is wholly on screen and clickable", async ({
    page,
  }) => {
    await gotoApp(page, "/");
    const nav = page.getByRole("navigation", { name: NAV.name });
    const toggle = nav.getByRole("button", { name: NAV.menu });
    for (const { nav: label, heading } of BANDS) {
      await toggle.click();
      const menu = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
      await expect(menu).toBeVisible();
      const menuBox = await menu.boundingBox();
      if (!menuBox) throw new Error("the open menu has no box");
      expect(menuBox.y + menuBox.height, "menu bottom").toBeLessThanOrEqual(180);
      const item = menu.getByRole("link", { name: label });
      await item.scrollIntoViewIfNeeded();
      const box = await item.boundingBox();
      if (!box) throw new Error(`${label} has no box`);
      expect(box.y, `${label} top`).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `${label} bottom`).toBeLessThanOrEqual(180);
      expect(box.x + box.width, `${label} right`).toBeLessThanOrEqual(320);
      // A real click: Playwright fails it if anything else would receive it.
      await item.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(page.getByRole("heading", { name: heading, level: 2 })).toBeFocused();
    }
  });

  test("it closes when focus leaves it", async ({ page }) => {
    await gotoApp(page, "/");
    const nav = page.getByRole("navigation", { name: NAV.name });
    const toggle = nav.getByRole("button", { name: NAV.menu });
    await toggle.click();
    const menu = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
    await menu.getByRole("link", { name: NAV.solutions }).focus();
    await page.keyboard.press("Tab");
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator(":focus")).toBeInViewport();
  });
});
