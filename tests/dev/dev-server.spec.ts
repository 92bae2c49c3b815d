/**
 * `npm run dev` serves each page rendered on the server, like the build, so hydration finds the
 * markup it expects: no hydration error, no console error or warning (the fixture fails on any).
 */
import { HERO_HEADING, servedText } from "../e2e/support/copy";
import { expect, test } from "../e2e/support/fixtures";
import { gotoApp } from "../e2e/support/tabs";
import { NOT_FOUND, SUCCESS_HEADING } from "../e2e/support/words";

const PAGES = [
  { path: "/", heading: HERO_HEADING },
  { path: "/success", heading: SUCCESS_HEADING },
  { path: "/no-such-page", heading: NOT_FOUND.heading },
];

/** The first heading of level 1 of served HTML, as read. */
const servedHeading = (html: string) =>
  servedText(/<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "");

for (const { path, heading } of PAGES) {
  test(`${path} arrives rendered and hydrates with a clean console`, async ({ page }) => {
    const response = await gotoApp(page, path);
    // The dev server sent the page itself, not an empty root for the client to fill.
    expect(servedHeading((await response?.text()) ?? "")).toBe(heading);
    await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
  });
}
