import { dashboard } from "../../../src/content/dashboard";
import { expect, test } from "../support/fixtures";
import { gotoApp } from "../support/tabs";

test("at 320 px each security health row stays within its bar", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await gotoApp(page, "/");
  const health = page.getByRole("list", { name: dashboard.securityHealth.title });
  await health.scrollIntoViewIfNeeded();
  const rows = health.getByRole("listitem");
  await expect(rows).toHaveCount(4);
  for (const row of await rows.all()) {
    const { parts, overhang } = await row.evaluate((item) => {
      const bar = item.querySelector("svg") as SVGElement;
      const right = bar.getBoundingClientRect().right;
      const ends = [...item.querySelectorAll("span")].map(
        (part) => part.getBoundingClientRect().right,
      );
      return { parts: ends.length, overhang: Math.max(...ends) - right };
    });
    const name = (await row.textContent()) ?? "";
    // With no spans, Math.max() is -Infinity and the row would pass unmeasured.
    expect(parts, `${name}: the parts measured`).toBeGreaterThan(0);
    expect(overhang, name).toBeLessThanOrEqual(0);
  }
});
