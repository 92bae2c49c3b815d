/**
 * The page at rest, measured as a visitor sees it: boxes that overlap, every card revealed and its
 * fade ended, the fraud map's pulses read from their own timing (never waited out).
 */
import type { Page } from "@playwright/test";

type Box = { x: number; y: number; width: number; height: number };

/** Whether two boxes (as `boundingBox()` gives them) share any area. */
export function boxesOverlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Scrolls every still-hidden card into view, one at a time, each as soon as the one before it has
 * been revealed, then ends their fade: each is then measured as a visitor sees it.
 */
export async function revealAll(page: Page) {
  await page.evaluate(async () => {
    const revealed = (card: Element) =>
      new Promise<void>((done) => {
        const check = () => {
          if (card.getAttribute("data-reveal") === "pending") return;
          observer.disconnect();
          done();
        };
        const observer = new MutationObserver(check);
        observer.observe(card, { attributes: true, attributeFilter: ["data-reveal"] });
        check();
      });
    const cards = [...document.querySelectorAll('[data-reveal="pending"]')];
    for (const card of cards) {
      card.scrollIntoView({ block: "center", behavior: "instant" });
      await revealed(card);
    }
    // Their fade ended at once, as it would have half a second later: the page at rest.
    for (const card of cards) for (const fade of card.getAnimations()) fade.finish();
  });
}

/**
 * The fraud map's dot pulses, as the page's own animations report them: how many times each runs and
 * when it ends (ms of its timeline). Read without waiting any of them out.
 */
export function mapPulses(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("svg circle")]
      .flatMap((circle) => circle.getAnimations())
      .map((animation) => ({
        iterations: animation.effect?.getComputedTiming().iterations ?? Infinity,
        endTime: Number(animation.effect?.getComputedTiming().endTime ?? Infinity),
      })),
  );
}
