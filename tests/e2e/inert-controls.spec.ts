/**
 * PRODUCT.md §1 "Inert controls, semantics" (issue 11, item 7): the eight inert buttons are
 * unavailable to assistive tech and say why, from the prerendered HTML on; they stay focusable,
 * clicking one changes nothing, and a tap shows the tooltip.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const HINT = "Available with early access";
const INERT_NAMES =
  /^(View Details|Learn more about .+|Run Fraud Analysis|Export Risk Report|Adjust Fraud Thresholds)$/;

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

function inertButtons(page: Page) {
  return page.getByRole("button", { name: INERT_NAMES });
}

test("the prerendered page already marks every inert button and describes it", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const inert = html.match(/<button[^>]*aria-disabled="true"[^>]*>/g) ?? [];
  // A streamed Suspense boundary may show a button twice (its fallback, then its content), with
  // the same description: count distinct descriptions.
  const ids = new Set(inert.map((tag) => tag.match(/aria-describedby="([^"]+)"/)?.[1]));
  expect(ids.has(undefined), "an inert button without a description").toBe(false);
  expect(ids.size).toBe(8);
  for (const id of ids) expect(html).toContain(`id="${id}" class="sr-only">${HINT}</span>`);
});

test("each inert button is disabled to assistive tech, described, focusable and does nothing", async ({
  page,
}) => {
  await page.goto("/");
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

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 375, height: 740 } });

  test("a tap on an inert button shows why", async ({ page }) => {
    await page.goto("/");
    const button = page.getByRole("button", { name: "View Details" });
    await button.scrollIntoViewIfNeeded();
    // The first tap also loads the tooltip code; tap until it is there.
    await expect(async () => {
      await button.tap({ force: true });
      await expect(page.getByRole("tooltip")).toHaveText(HINT, { timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe("/");
  });
});
