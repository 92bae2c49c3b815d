/**
 * The one typed reader of what a page keeps on `window` for the test (a recorder's record, a value
 * an init script sets): `pageRecord<T>(page, name)` reads it, and throws at once, naming what arms
 * it, when the page has no such record, so a forgotten recorder fails in a second with its cause
 * instead of reading [] until the test's budget runs out.
 */
import type { Page } from "@playwright/test";

/** What arms each record the kit keeps (fixtures.ts arms them for every page of the test's context). */
const ARMED_BY: Record<string, string> = {
  __tabToasts: "the toast recorder",
  __liveRegions: "the live-region recorder",
  __requestsAwaitingAnswers: "the request recorder",
};

const KIT_HINT =
  "is armed by the test kit's automatic fixture (tests/e2e/support/fixtures.ts) in every page of the test's own context before it loads; for a page of a browser or context the test made itself, call armRecorders(context) before its first navigation";

/** Reads `window[name]` in `page`; throws at once, naming what arms it, if the page has none. */
export async function pageRecord<T>(page: Page, name: string): Promise<T> {
  const found = await page.evaluate(
    (key) => (Reflect.has(window, key) ? { value: Reflect.get(window, key) } : null),
    name,
  );
  if (found === null) {
    const armedBy = ARMED_BY[name];
    throw new Error(
      armedBy
        ? `${name} was read in a page where it was never armed: ${armedBy} ${KIT_HINT}`
        : `${name} was read in a page where nothing set it: set it with page.addInitScript (or context.addInitScript) before the page loads`,
    );
  }
  return found.value as T;
}
