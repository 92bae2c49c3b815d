/**
 * A card's tone is what a visitor sees, not what the class list hopes: the Critical Alerts card is
 * the danger-toned one of the dashboard (its red border and surface once lost to the card's own).
 */
import type { Locator } from "@playwright/test";
import { dashboard } from "../../../src/content/dashboard";
import { expect, test } from "../support/fixtures";
import { gotoApp } from "../support/tabs";

/** The card a dashboard title names: its header's parent. */
function cardOf(title: Locator): Locator {
  return title.locator("xpath=../..");
}

/** The card's computed border and background colours, and the border as sRGB bytes [r, g, b]. */
async function colours(card: Locator) {
  return card.evaluate((element) => {
    const style = getComputedStyle(element);
    // The browser converts any colour syntax (oklab, color-mix...) to sRGB when it paints it.
    const context = document.createElement("canvas").getContext("2d");
    if (!context) throw new Error("no canvas");
    context.fillStyle = style.borderTopColor;
    context.fillRect(0, 0, 1, 1);
    const [red = 0, green = 0, blue = 0] = context.getImageData(0, 0, 1, 1).data;
    return {
      border: style.borderTopColor,
      background: style.backgroundColor,
      borderRgb: [red, green, blue],
    };
  });
}

test("the critical alerts card wears the danger tone; the other dashboard cards do not", async ({
  page,
}) => {
  await gotoApp(page, "/");
  const { criticalAlerts, threats } = dashboard;
  const critical = await colours(cardOf(page.getByText(criticalAlerts.title, { exact: true })));
  const ordinary = await colours(cardOf(page.getByText(threats.title, { exact: true })));
  expect(critical.border).not.toBe(ordinary.border);
  expect(critical.background).not.toBe(ordinary.background);
  const [red = 0, green = 0, blue = 0] = critical.borderRgb;
  expect(red, `border ${critical.border} is red`).toBeGreaterThan(green + 40);
  expect(red, `border ${critical.border} is red`).toBeGreaterThan(blue + 40);
});
