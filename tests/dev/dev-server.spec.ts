/**
 * `npm run dev` serves each page rendered on the server, like the build, so hydration finds the
 * markup it expects: no hydration error, no console error or warning (the fixture fails on any).
 */
import { expect, test } from "../e2e/support/fixtures";
import { gotoApp } from "../e2e/support/tabs";

const PAGES = [
  { path: "/", served: ">Stop API attacks and fraud ", heading: /^Stop API attacks and fraud/ },
  { path: "/success", served: ">Thank You!</h1>", heading: "Thank You!" },
  { path: "/no-such-page", served: ">404 Page Not Found</h1>", heading: "404 Page Not Found" },
];

for (const { path, served, heading } of PAGES) {
  test(`${path} arrives rendered and hydrates with a clean console`, async ({ page }) => {
    const response = await gotoApp(page, path);
    // The dev server sent the page itself, not an empty root for the client to fill.
    expect(await response?.text()).toContain(served);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  });
}
