/**
 * The visual rules a visitor relies on (PRODUCT.md §1, "Visual rules"): a field they can find, a
 * header nothing shows through, a dashboard that reads like a console on a phone.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test, waitlistForm } from "./fixtures";

/** The colour `layers` paint, bottom first, as the browser composites them: sRGB bytes. */
function painted(page: Page, layers: string[]): Promise<number[]> {
  return page.evaluate((colours) => {
    const context = document.createElement("canvas").getContext("2d");
    if (!context) throw new Error("no canvas");
    for (const colour of colours) {
      context.fillStyle = colour;
      context.fillRect(0, 0, 1, 1);
    }
    return [...context.getImageData(0, 0, 1, 1).data].slice(0, 3);
  }, layers);
}

function contrast(a: number[], b: number[]): number {
  const luminance = (rgb: number[]) => {
    const [r = 0, g = 0, b = 0] = rgb.map((byte) => {
      const c = byte / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const backgroundOf = (element: Locator) =>
  element.evaluate((node) => getComputedStyle(node).backgroundColor);

test("the email field's boundary stands out at least 3:1 from the card and from the field", async ({
  page,
}) => {
  await page.goto("/");
  const { form, email } = waitlistForm(page);
  const body = await backgroundOf(page.locator("body"));
  const card = await painted(page, [body, await backgroundOf(form)]);
  const field = await painted(page, [body, await backgroundOf(form), await backgroundOf(email)]);
  const border = await painted(page, [
    body,
    await backgroundOf(form),
    await email.evaluate((node) => getComputedStyle(node).borderTopColor),
  ]);
  const ratios = { card: contrast(border, card), field: contrast(border, field) };
  console.log(
    `email field boundary: ${ratios.card.toFixed(2)}:1 to the card, ${ratios.field.toFixed(2)}:1 to the field`,
  );
  expect(ratios.card).toBeGreaterThanOrEqual(3);
  expect(ratios.field).toBeGreaterThanOrEqual(3);
});

test("the fixed header is opaque: nothing scrolls into view through it", async ({ page }) => {
  await page.goto("/");
  const alpha = await page.getByRole("banner").evaluate((header) => {
    const context = document.createElement("canvas").getContext("2d");
    if (!context) throw new Error("no canvas");
    context.fillStyle = getComputedStyle(header).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    return context.getImageData(0, 0, 1, 1).data[3];
  });
  expect(alpha).toBe(255);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("the four stat tiles sit two by two", async ({ page }) => {
    await page.goto("/");
    const tiles = page
      .getByRole("list")
      .filter({ hasText: "Fraud Prevented" })
      .first()
      .getByRole("listitem");
    await expect(tiles).toHaveCount(4);
    const boxes = await tiles.evaluateAll((items) =>
      items.map((item) => {
        const { x, y } = item.getBoundingClientRect();
        return { x: Math.round(x), y: Math.round(y) };
      }),
    );
    const rows = new Set(boxes.map((box) => box.y));
    const columns = new Set(boxes.map((box) => box.x));
    expect(rows.size).toBe(2);
    expect(columns.size).toBe(2);
  });
});

test("the map's dots pulse a few times, then rest", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("heading", { name: "Global Fraud Map" }).scrollIntoViewIfNeeded();
  const pulses = await page.evaluate(async () => {
    const running = document
      .getAnimations()
      .filter((animation) => (animation as CSSAnimation).animationName === "pulse-dot");
    const iterations = running.map((animation) => animation.effect?.getTiming().iterations);
    await Promise.all(running.map((animation) => animation.finished));
    const stillRunning = document
      .getAnimations()
      .filter((animation) => animation.playState === "running").length;
    return { count: running.length, iterations, stillRunning };
  });
  expect(pulses.count).toBe(5);
  for (const iterations of pulses.iterations) expect(iterations).toBeLessThanOrEqual(3);
  expect(pulses.stillRunning).toBe(0);
});

test("each hotspot says its severity in words, not only in colour", async ({ page }) => {
  await page.goto("/");
  const chips = page.getByRole("list", { name: "Active attack sources in the last hour" });
  for (const [city, severity] of [
    ["São Paulo", "High"],
    ["Lagos", "Medium"],
  ] as const) {
    const chip = chips.getByRole("listitem").filter({ hasText: city });
    await expect(chip.getByText(severity, { exact: true })).toBeVisible();
  }
});
