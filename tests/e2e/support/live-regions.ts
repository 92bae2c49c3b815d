/**
 * What a screen reader hears: each new text a live region came to hold, from the page's own record
 * (recorders.ts, armed by the kit's fixture in every page of the test's context before it loads).
 */
import type { Page } from "@playwright/test";
import { pageRecord } from "./page-record";
import { type Heard, LIVE_REGIONS_RECORD } from "./recorders";
import { WAITING } from "./words";

/**
 * Reads what `page`'s live regions said. `start` forgets what was said so far (while the page
 * loaded), so a test hears only its own events; `heardAssertively` keeps what interrupts the
 * visitor (Radix's announcement of a destructive toast); `waits` keeps the words of a signup's
 * waits (words.ts's WAITING), in order: each cause is said once, however many tries it refuses.
 */
export function recordLiveRegions(page: Page) {
  let since = 0;
  const record = async () => (await pageRecord<Heard[]>(page, LIVE_REGIONS_RECORD)).slice(since);
  return {
    start: async () => {
      since = (await pageRecord<Heard[]>(page, LIVE_REGIONS_RECORD)).length;
    },
    heard: async () => (await record()).map(({ text }) => text),
    heardAssertively: async () =>
      (await record()).filter(({ assertive }) => assertive).map(({ text }) => text),
    waits: async () =>
      (await record())
        .map(({ text }) => text)
        .filter((text) => Object.values(WAITING).includes(text)),
  };
}
