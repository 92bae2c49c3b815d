/**
 * The landing bands below the first screen are skipped by the browser until they come near
 * (`content-visibility: auto`, src/styles.css) and hold their place meanwhile by the height each
 * band sets per breakpoint (`--band-height`). A placeholder far from the real height makes the page
 * change length as the bands render (the scrollbar jumps, a scroll lands short or long); copy that
 * grows would do so silently. This holds every band's placeholder near its real height.
 */
import { BANDS } from "../support/copy";
import { expect, test } from "../support/fixtures";
import { gotoApp } from "../support/tabs";

/**
 * The widths the placeholders are set for: the narrowest phone the site supports and a common one
 * (one value serves both), the first width of each breakpoint the bands change at (Tailwind's sm,
 * md and lg), and the desktop the site is designed at (the content stops growing below it).
 */
const WIDTHS = [320, 375, 640, 768, 1024, 1280];

/**
 * Text wraps differently across a breakpoint's range, so the real height moves about 6% between
 * the widths above while the placeholder stays: a bar below that would fail a good placeholder.
 */
const TOLERANCE = 0.08;

type Band = { name: string; real: number; placeholder: number; rem: number };

/** The placeholders `real` accepts: within TOLERANCE of it, in px. */
const accepted = (real: number) => ({ low: real / (1 + TOLERANCE), high: real / (1 - TOLERANCE) });

// One load of /, the window resized to each width: the bands' layout is CSS alone (no script reads
// the width), so it is what a page opened at that width lays out. A band's one placeholder value
// serves every width of its breakpoint, so a wrong one is reported with the range of values all
// those widths accept: one run names the value to set.
test(`each band's placeholder height is within ${TOLERANCE * 100}% of its real height at ${WIDTHS.join(", ")} px`, async ({
  page,
}) => {
  await gotoApp(page, "/");
  /** Per band and placeholder value: the widths it serves, and whether each accepts it. */
  const served = new Map<
    string,
    { widths: number[]; real: number[]; fits: boolean; rem: number }
  >();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const bands: Band[] = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("[data-offscreen-band]")].map((band) => {
        // The placeholder as the browser uses it: `auto <length>`, the length in px.
        const intrinsic = getComputedStyle(band).containIntrinsicBlockSize;
        const placeholder = Number(/([\d.]+)px/.exec(intrinsic)?.[1] ?? Number.NaN);
        // Laid out for real (as when scrolled near), then measured as the placeholder counts:
        // the content box, padding and borders aside.
        band.style.contentVisibility = "visible";
        const style = getComputedStyle(band);
        const padding =
          Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom);
        const real = band.clientHeight - padding;
        band.style.contentVisibility = "";
        const heading = band.querySelector("h2")?.textContent ?? "";
        const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
        return { name: `#${band.id} ("${heading}")`, real, placeholder, rem };
      }),
    );
    expect(bands.map((band) => band.name)).toEqual(
      BANDS.map(({ id, heading }) => `#${id} ("${heading}")`),
    );
    for (const { name, real, placeholder, rem } of bands) {
      const key = `${name}, --band-height ${Math.round(placeholder / rem)}rem`;
      const entry = served.get(key) ?? { widths: [], real: [], fits: true, rem };
      const { low, high } = accepted(real);
      entry.widths.push(width);
      entry.real.push(real);
      entry.fits &&= placeholder >= low && placeholder <= high;
      served.set(key, entry);
    }
  }
  const wrong = [...served]
    .filter(([, { fits }]) => !fits)
    .map(([key, { widths, real, rem }]) => {
      const low = Math.ceil(Math.max(...real.map((px) => accepted(px).low)) / rem);
      const high = Math.floor(Math.min(...real.map((px) => accepted(px).high)) / rem);
      const heights = real.map((px) => `${Math.round(px)} px`).join(", ");
      const fix =
        low <= high
          ? `set ${low === high ? `${low}rem` : `${low}-${high}rem`}`
          : "no one value fits them all: split the breakpoint";
      return `${key} at ${widths.join(", ")} px: real ${heights}; ${fix}`;
    });
  expect(wrong, "bands whose --band-height is off").toEqual([]);
});
