/**
 * `npm run dev` serves each page rendered on the server, like the build, so hydration finds the
 * markup it expects: no hydration error, no console error or warning (the fixture fails on any).
 * The dev server runs beside the e2e stack (tests/e2e/support/dev-stack.ts).
 */
import { HERO_HEADING, servedText } from "../support/copy";
import { expect, test } from "../support/fixtures";
import { E2E_DEV_SITE_URL } from "../support/stack-ports";
import { gotoApp } from "../support/tabs";
import { NOT_FOUND, SUCCESS_HEADING } from "../support/words";

test.use({ baseURL: E2E_DEV_SITE_URL });

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
