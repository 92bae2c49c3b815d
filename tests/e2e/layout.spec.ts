import { expect, test } from "./fixtures";

const WIDTHS = [375, 768, 1280];
const PATHS = ["/", "/success", "/missing-page"];

for (const width of WIDTHS) {
  test(`no horizontal scrolling at ${width} px`, async ({ page, consoleGuard }) => {
    consoleGuard.expectNotFoundDocument();
    await page.setViewportSize({ width, height: 900 });
    for (const path of PATHS) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} at ${width} px`).toBe(0);
    }
  });
}
