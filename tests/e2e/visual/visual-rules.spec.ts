/**
 * docs/behaviour.md, "Visual rules": the barriers axe does not see, measured in the page.
 */

import { dashboard } from "../../../src/content/dashboard";
import { features } from "../../../src/content/features";
import { STAT_TILE_LABELS } from "../support/copy";
import { expect, test } from "../support/fixtures";
import { boxesOverlap, mapPulses } from "../support/layout";
import { gotoWithTheAppInTime, UNTIL_TEST_TIMEOUT } from "../support/page-clock";
import { gotoApp } from "../support/tabs";
import { waitlistForm } from "../support/waitlist-page";
import { CARD_LEARN_MORE, LEARN_MORE, NAV, SKIP_LINK } from "../support/words";

/** The first screen's links to a section, each drawn as a button. */
const SECTION_LINK_NAMES = new RegExp(
  `^(${[LEARN_MORE, NAV.features, NAV.dashboard, NAV.solutions].join("|")})$`,
);

/** An RGB(A) colour as Chromium computes it, e.g. `rgb(11, 17, 32)` or `rgba(17, 26, 46, 0.9)`. */
type Rgba = [number, number, number, number];

/** A computed colour that draws nothing. */
const TRANSPARENT = /^rgba\(\d+, \d+, \d+, 0\)$|transparent/;

function parseColour(value: string): Rgba {
  const match = value.match(/^rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:[,/] ?([\d.]+))?\)$/);
  if (!match) throw new Error(`not an rgb() colour: ${value}`);
  const [, r, g, b, a] = match;
  return [Number(r), Number(g), Number(b), a === undefined ? 1 : Number(a)];
}

/** Paints `top` over an opaque `bottom` (source-over). */
function composite(top: Rgba, bottom: Rgba): Rgba {
  const alpha = top[3];
  const mix = (i: 0 | 1 | 2) => top[i] * alpha + bottom[i] * (1 - alpha);
  return [mix(0), mix(1), mix(2), 1];
}

/** WCAG 2.x relative luminance. */
function luminance([r, g, b]: Rgba): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrastRatio(a: Rgba, b: Rgba): number {
  const light = Math.max(luminance(a), luminance(b));
  const dark = Math.min(luminance(a), luminance(b));
  return (light + 0.05) / (dark + 0.05);
}

// One load of / for the rules read on it at the default width, top to bottom; the focus ring last,
// as it moves focus.
test("the landing page at 1280 px: field boundary, header, map severity and pulses, focus ring", async ({
  page,
}) => {
  await gotoApp(page, "/");
  await test.step("the email field's boundary is at least 3:1 against the form card", async () => {
    const { form, email } = waitlistForm(page);
    const colours = await email.evaluate(
      (input, formElement) => {
        // Tailwind's /90 colours compute as oklab(); a canvas turns any CSS colour into rgba().
        const context = document.createElement("canvas").getContext("2d", {
          willReadFrequently: true,
        });
        if (!context) throw new Error("no 2D canvas");
        const toRgba = (colour: string) => {
          context.clearRect(0, 0, 1, 1);
          context.fillStyle = colour;
          context.fillRect(0, 0, 1, 1);
          const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
          return `rgba(${r}, ${g}, ${b}, ${(a ?? 255) / 255})`;
        };
        // The card is the form itself; under it lies the page (the card is translucent).
        return {
          border: toRgba(getComputedStyle(input).borderTopColor),
          card: toRgba(getComputedStyle(formElement as Element).backgroundColor),
          page: toRgba(getComputedStyle(document.documentElement).backgroundColor),
        };
      },
      await form.elementHandle(),
    );
    const pageColour = parseColour(colours.page);
    expect(pageColour[3], "the page background is opaque").toBe(1);
    const card = composite(parseColour(colours.card), pageColour);
    const border = composite(parseColour(colours.border), card);
    const ratio = contrastRatio(border, card);
    console.log(
      `email field boundary: ${colours.border} on ${colours.card}: ${ratio.toFixed(2)}:1`,
    );
    expect(ratio).toBeGreaterThanOrEqual(3);
  });
  await test.step("the fixed header is opaque, with no backdrop blur", async () => {
    const header = page.getByRole("banner");
    const style = await header.evaluate((element) => {
      const computed = getComputedStyle(element);
      return { background: computed.backgroundColor, backdrop: computed.backdropFilter };
    });
    expect(parseColour(style.background)[3], `header background ${style.background}`).toBe(1);
    expect(style.backdrop).toBe("none");
  });
  await test.step("severity on the map chips is a visible word and a shape, not colour alone", async () => {
    const chips = page.getByRole("list", { name: dashboard.map.caption });
    await chips.scrollIntoViewIfNeeded();
    const items = chips.getByRole("listitem");
    await expect(items).toHaveCount(5);
    for (const item of await items.all()) {
      await expect(item).toHaveText(/, ?(High|Medium)$/);
      const word = item.getByText(/^(High|Medium)$/);
      await expect(word).toBeVisible();
    }
    // High and medium markers differ in shape (a diamond against a circle), on the chips and the map.
    const shapes = await page.evaluate(() => {
      const map = [...document.querySelectorAll("svg[aria-hidden] g")].map(
        (group) => group.lastElementChild?.tagName,
      );
      return { map };
    });
    expect(new Set(shapes.map)).toEqual(new Set(["polygon", "circle"]));
  });
  await test.step("the map dots pulse a few times, then rest (WCAG 2.2.2)", async () => {
    const map = page.getByText(dashboard.map.title, { exact: true });
    await map.scrollIntoViewIfNeeded();
    // Each pulse's own timing: a few iterations, an end.
    await expect
      .poll(async () => (await mapPulses(page)).length, { message: "dot pulses" })
      .toBe(5);
    for (const { iterations, endTime } of await mapPulses(page)) {
      expect(iterations, "pulses per dot").toBeLessThanOrEqual(3);
      // Over within five seconds of its start (WCAG 2.2.2), then it rests: the animation's own
      // timing says so, with no need to wait it out.
      expect(endTime, "when a dot's pulses end, in ms").toBeLessThanOrEqual(5000);
    }
  });
  await test.step("the focus ring appears at once, with no transition on the outline", async () => {
    await page.getByRole("link", { name: LEARN_MORE, exact: true }).focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    const learnMore = page.getByRole("link", { name: LEARN_MORE, exact: true });
    await expect(learnMore).toBeFocused();
    const ring = await learnMore.evaluate((element) => ({
      outlineTransitions: element
        .getAnimations()
        .filter(
          (animation) =>
            animation instanceof CSSTransition &&
            animation.transitionProperty.startsWith("outline"),
        ).length,
      property: getComputedStyle(element).transitionProperty,
    }));
    expect(ring.outlineTransitions).toBe(0);
    expect(ring.property).not.toContain("outline");
  });
});

// One load of /, the window resized (the tiles' layout is CSS alone).
test("below the sm breakpoint the four stat tiles sit two by two", async ({ page }) => {
  await gotoApp(page, "/");
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 800 });
    const tiles = page.getByRole("listitem").filter({
      has: page.getByText(STAT_TILE_LABELS),
    });
    await expect(tiles).toHaveCount(4);
    const boxes = await Promise.all((await tiles.all()).map((tile) => tile.boundingBox()));
    const [a, b, c, d] = boxes;
    if (!a || !b || !c || !d) throw new Error("a stat tile has no box");
    expect(a.y, `row 1 at ${width} px`).toBe(b.y);
    expect(c.y, `row 2 at ${width} px`).toBe(d.y);
    expect(c.y).toBeGreaterThan(a.y);
    expect(b.x).toBeGreaterThan(a.x);
    // Nothing inside a tile runs past its edge.
    for (const tile of await tiles.all()) {
      const overflow = await tile.evaluate((item) => {
        const card = item.firstElementChild as HTMLElement;
        return card.scrollWidth - card.clientWidth;
      });
      expect(overflow, `tile overflow at ${width} px`).toBeLessThanOrEqual(0);
    }
  }
});

for (const width of [320, 375, 768, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("in forced colours the status dots stay and every control keeps a boundary", async ({
      page,
    }) => {
      // Reduced motion too, so no card waits to fade in and the screenshot shows the whole page.
      await page.emulateMedia({ forcedColors: "active", reducedMotion: "reduce" });
      await gotoApp(page, "/");
      // Every control shown at this width (the links to sections are drawn as buttons): the primary
      // button's border is transparent until forced colours draw it, and a link-styled button has
      // no padding of its own to keep its label off the boundary.
      const controls = page
        .getByRole("button")
        .or(page.getByRole("textbox"))
        .or(page.getByRole("link", { name: SECTION_LINK_NAMES, exact: true }))
        .filter({ visible: true });
      // Polled: on a busy machine a control may still be on its way to being shown.
      await expect.poll(() => controls.count(), UNTIL_TEST_TIMEOUT).toBeGreaterThanOrEqual(12);
      for (const control of await controls.all()) {
        const box = await control.evaluate((element) => {
          const style = getComputedStyle(element);
          return {
            name: element.textContent?.trim() || element.getAttribute("aria-label"),
            width: Number.parseFloat(style.borderTopWidth),
            colour: style.borderTopColor,
            padding: Math.min(
              Number.parseFloat(style.paddingLeft),
              Number.parseFloat(style.paddingRight),
            ),
          };
        });
        expect(box.width, `${box.name}: border width`).toBeGreaterThanOrEqual(1);
        expect(box.colour, `${box.name}: border colour`).not.toMatch(TRANSPARENT);
        expect(box.padding, `${box.name}: label clear of the border`).toBeGreaterThanOrEqual(4);
      }
      const chips = page.getByRole("list", { name: dashboard.map.caption });
      await chips.scrollIntoViewIfNeeded();
      await expect(chips.getByRole("listitem")).toHaveCount(5);
      for (const item of await chips.getByRole("listitem").all()) {
        const dot = await item.evaluate((element) => {
          const marker = element.querySelector("[aria-hidden]") as HTMLElement;
          const style = getComputedStyle(marker);
          return { background: style.backgroundColor, adjust: style.forcedColorAdjust };
        });
        expect(dot.adjust).toBe("none");
        expect(dot.background).not.toMatch(TRANSPARENT);
      }
      // From the top, so the fixed header is drawn once, over the hero, in the full-page image.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
      await page.screenshot({
        path: test.info().outputPath(`forced-colours-${width}.png`),
        fullPage: true,
      });
    });
  });
}

test("the skip link has padding and does not cover the logo", async ({ page }) => {
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await gotoApp(page, "/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: SKIP_LINK });
    await expect(skip).toBeFocused();
    const padding = await skip.evaluate((element) => {
      const style = getComputedStyle(element);
      return [style.paddingTop, style.paddingLeft].map(Number.parseFloat);
    });
    for (const value of padding) expect(value).toBeGreaterThanOrEqual(8);
    const link = await skip.boundingBox();
    const logo = await page.getByRole("banner").getByRole("link").first().boundingBox();
    if (!link || !logo) throw new Error("no box");
    expect(boxesOverlap(link, logo), `skip link over the logo at ${width} px`).toBe(false);
  }
});

test("a card tabbed into before it revealed is shown at once", async ({ page }) => {
  await gotoWithTheAppInTime(page, "/");
  const opacity = await page
    .getByRole("button", { name: `${CARD_LEARN_MORE} about ${features.cards[0]?.title}` })
    .evaluate((button) => {
      const card = button.closest('[data-reveal="pending"]');
      if (!card) throw new Error("the card is not pending");
      // Focus without scrolling, so only the focus (not the scroll observer) can reveal it.
      (button as HTMLElement).focus({ preventScroll: true });
      return getComputedStyle(card).opacity;
    });
  expect(opacity).toBe("1");
});
