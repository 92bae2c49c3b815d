/**
 * docs/behaviour.md, "Inert controls": the eight inert buttons are
 * unavailable to assistive tech and say why, from the prerendered HTML on; they stay focusable,
 * clicking one changes nothing, and a tap shows the tooltip.
 */
import type { Locator, Page } from "@playwright/test";
import { dashboard } from "../../../src/content/dashboard";
import { literally } from "../support/copy";
import { expect, test } from "../support/fixtures";
import { gotoApp } from "../support/tabs";
import { CARD_LEARN_MORE, INERT_HINT, TOOLTIP_OPEN_DELAY_MS, VIEW_DETAILS } from "../support/words";

const HINT = INERT_HINT;
/** View Details, each card's Learn more and the dashboard's Quick Actions. */
const QUICK_ACTIONS = dashboard.quickActions.actions;
const INERT_NAMES = new RegExp(
  `^(${[VIEW_DETAILS, `${CARD_LEARN_MORE} about .+`, ...QUICK_ACTIONS.map(literally)].join("|")})$`,
);

/** Where the page rests once any smooth scroll (a focus, a click) has ended. */
function restingPlace(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ url: string; top: number }>((resolve) => {
        let last = -1;
        let still = 0;
        const frame = () => {
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          if (still >= 10) resolve({ url: location.href, top: last });
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

/**
 * Where the open tooltip's visible box is not what the page shows (at its corners and centre): a
 * clipping ancestor cut it there, or something painted over it. Empty when it is drawn whole.
 */
function tooltipHiddenPoints(page: Page) {
  return page.getByRole("tooltip").evaluate((label) => {
    // Radix keeps the accessible text in a visually hidden child of the box a visitor sees.
    const box = label.parentElement;
    if (!box) throw new Error("the tooltip has no box");
    const { left, right, top, bottom } = box.getBoundingClientRect();
    const INSET = 2;
    const points = [
      [left + INSET, top + INSET],
      [right - INSET, top + INSET],
      [left + INSET, bottom - INSET],
      [right - INSET, bottom - INSET],
      [(left + right) / 2, (top + bottom) / 2],
    ] as const;
    return points
      .filter(([x, y]) => !box.contains(document.elementFromPoint(x, y)))
      .map(([x, y]) => `${Math.round(x)},${Math.round(y)}`);
  });
}

/** Radix's open delay (docs/behaviour.md, "Constants"), run on Playwright's clock. */
const OPEN_DELAY_MS = TOOLTIP_OPEN_DELAY_MS;

/**
 * Waits until the tooltip code has taken over `button`: it loads on the page's first interaction,
 * then Radix marks its trigger with data-state. Until then the button is the served one, which
 * says why it is inert but opens no tooltip.
 */
async function tooltipReady(button: Locator) {
  await expect(button).toHaveAttribute("data-state");
}

/**
 * Hovers `button` and opens its tooltip: the first hover (an interaction) loads the tooltip code,
 * the next pointer move over the button starts the open delay, which the clock runs out at once.
 * Needs `page.clock.install()` before the page was opened.
 */
async function hoverToOpen(page: Page, button: Locator) {
  await button.hover({ position: { x: 6, y: 8 } });
  await tooltipReady(button);
  await button.hover({ position: { x: 10, y: 8 } });
  await page.clock.runFor(OPEN_DELAY_MS);
  await expect(page.getByRole("tooltip")).toHaveText(HINT);
}

function inertButtons(page: Page) {
  return page.getByRole("button", { name: INERT_NAMES });
}

test("the prerendered page already marks every inert button and describes it", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const inert = html.match(/<button[^>]*aria-disabled="true"[^>]*>/g) ?? [];
  // A streamed Suspense boundary may show a button twice (its fallback, then its content).
  expect(inert.length).toBeGreaterThanOrEqual(8);
  // All of them are described by one hint, served once: the same words eight times would weigh on
  // the first round trip.
  const ids = new Set(inert.map((tag) => tag.match(/aria-describedby="([^"]+)"/)?.[1]));
  expect(ids.has(undefined), "an inert button without a description").toBe(false);
  expect(ids.size).toBe(1);
  for (const id of ids) {
    expect(html.split(`id="${id}" hidden="">${HINT}</span>`)).toHaveLength(2);
  }
});

test("each inert button is disabled to assistive tech, described, focusable and does nothing", async ({
  page,
}) => {
  await gotoApp(page, "/");
  const buttons = inertButtons(page);
  await expect(buttons).toHaveCount(8);
  for (const button of await buttons.all()) {
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute("aria-disabled", "true");
    await expect(button).toHaveAccessibleDescription(HINT);
    await button.focus();
    await expect(button).toBeFocused();
    const before = await restingPlace(page);
    await button.click({ force: true });
    await page.keyboard.press("Enter");
    const after = await restingPlace(page);
    expect(after).toEqual(before);
    // Still described once the tooltip library has taken over (not twice: no doubled text).
    await expect(button).toHaveAccessibleDescription(HINT);
  }
});

test("an open tooltip is drawn whole: no card clips it, nor does the fixed header cover it", async ({
  page,
}) => {
  await page.clock.install();
  await gotoApp(page, "/");
  // The second quick action, in the middle of its card.
  const action = QUICK_ACTIONS[1] ?? "";
  const exportReport = page.getByRole("button", { name: action });
  await hoverToOpen(page, exportReport);
  expect(await tooltipHiddenPoints(page), `${action}'s tooltip`).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("tooltip")).toHaveCount(0);

  // View Details sits in a card that clips its overflow. Just below the fixed header, its tooltip
  // (above the button) lies where the header is drawn.
  const viewDetails = page.getByRole("button", { name: VIEW_DETAILS });
  const header = page.getByRole("banner");
  const headerBottom = await header.evaluate((element) => element.getBoundingClientRect().bottom);
  await viewDetails.evaluate((button, below) => {
    const top = button.getBoundingClientRect().top + window.scrollY - below;
    window.scrollTo({ top, behavior: "instant" });
  }, headerBottom + 8);
  await hoverToOpen(page, viewDetails);
  const tooltipTop = await page
    .getByRole("tooltip")
    .evaluate((label) => label.parentElement?.getBoundingClientRect().top ?? Infinity);
  expect(tooltipTop, "the tooltip lies where the header is").toBeLessThan(headerBottom);
  expect(await tooltipHiddenPoints(page), "View Details' tooltip").toEqual([]);
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 375, height: 740 } });

  test("a tap on an inert button shows why", async ({ page }) => {
    await gotoApp(page, "/");
    const button = page.getByRole("button", { name: VIEW_DETAILS });
    await button.scrollIntoViewIfNeeded();
    // The first tap (an interaction) loads the tooltip code; once it has taken over the button, a
    // tap shows the tooltip at once.
    await button.tap({ force: true });
    await tooltipReady(button);
    await button.tap({ force: true });
    await expect(page.getByRole("tooltip")).toHaveText(HINT);
    expect(new URL(page.url()).pathname).toBe("/");
  });
});
