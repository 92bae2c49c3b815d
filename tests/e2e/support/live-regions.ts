/**
 * What a screen reader hears: each new text a live region comes to hold, recorded in the page.
 */
import type { Page } from "@playwright/test";

/**
 * From the first byte, records each new text a live region comes to hold (any element with
 * aria-live polite or assertive, or a status, alert or log role not switched off), whitespace
 * collapsed. `start` forgets what was said while the page loaded, so a test hears only its own
 * events.
 */
export async function recordLiveRegions(page: Page) {
  await page.addInitScript(() => {
    const heard: string[] = [];
    const last = new WeakMap<Element, string>();
    const LIVE =
      '[aria-live="polite"], [aria-live="assertive"], [role="status"]:not([aria-live="off"]), [role="alert"]:not([aria-live="off"]), [role="log"]:not([aria-live="off"])';
    const listen = () => {
      for (const region of document.querySelectorAll(LIVE)) {
        // A region inside another live region is said as part of it.
        if (region.parentElement?.closest(LIVE)) continue;
        const text = (region.textContent ?? "").replace(/\s+/g, " ").trim();
        if (text !== (last.get(region) ?? "") && text !== "") heard.push(text);
        last.set(region, text);
      }
    };
    Object.assign(window, {
      liveRegions: {
        heard,
        start() {
          listen();
          heard.length = 0;
        },
      },
    });
    new MutationObserver(listen).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
  return {
    start: () =>
      page.evaluate(() =>
        (window as unknown as { liveRegions: { start(): void } }).liveRegions.start(),
      ),
    heard: () =>
      page.evaluate(
        () => (window as unknown as { liveRegions: { heard: string[] } }).liveRegions.heard,
      ),
  };
}
