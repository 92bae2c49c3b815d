import { expect, test } from "./fixtures";

test.describe("navigation below the md breakpoint", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test("the menu toggle opens, fades in, closes on Escape and returns focus", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const toggle = nav.getByRole("button", { name: "Menu" });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    // The desktop buttons are collapsed into the menu.
    await expect(nav.getByRole("button", { name: "Features" })).toBeHidden();

    const menuId = await toggle.getAttribute("aria-controls");
    expect(menuId).toBeTruthy();
    const menu = page.locator(`#${menuId}`);
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();
    await expect(menu).toHaveCSS("animation-duration", "0.2s");
    await expect(menu.getByRole("button")).toHaveText(["Features", "Dashboard", "Solutions"]);

    await menu.getByRole("button", { name: "Dashboard" }).focus();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
  });

  test("choosing an item closes the menu and scrolls to its section", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const toggle = nav.getByRole("button", { name: "Menu" });
    for (const [label, heading] of [
      ["Solutions", "Built for the way you run your business"],
      ["Features", "Defence that learns as fast as attackers do"],
    ] as const) {
      await toggle.click();
      await nav.getByRole("button", { name: label }).click();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(nav.getByRole("button", { name: label })).toBeHidden();
      const target = page.getByRole("heading", { name: heading, level: 2 });
      await expect(target).toBeInViewport();
      const header = await page.getByRole("banner").boundingBox();
      const box = await target.boundingBox();
      expect(box?.y ?? 0).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    }
  });

  test("the menu works by keyboard alone", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const toggle = nav.getByRole("button", { name: "Menu" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("button", { name: "Features" })).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(
      page.getByRole("heading", { name: "Every threat, one calm view" }),
    ).toBeInViewport();
  });
});
