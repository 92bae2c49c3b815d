/**
 * The local emulator's test controls are for test code, not for web pages: any page open in the
 * developer's browser could otherwise switch faults on or read the addresses in the outbox. A page
 * of another origin can do neither, while the site still sends.
 */
import { expect, test } from "../support/fixtures";
import { uniqueEmail } from "../support/guards";
import { watchRequests } from "../support/held-requests";
import { recordLiveRegions } from "../support/live-regions";
import { UNTIL_TEST_TIMEOUT } from "../support/page-clock";
import { armRecorders } from "../support/recorders";
import { E2E_EMULATOR_URL, E2E_PRODUCTION_SITE_URL } from "../support/stack-ports";
import { toastsShown } from "../support/tab-records";
import { gotoApp } from "../support/tabs";
import { waitlistForm } from "../support/waitlist-page";
import { SUCCESS_HEADING } from "../support/words";

test("a web page can neither set a fault with a text/plain POST nor read the outbox", async ({
  browser,
  page,
  emulator,
}) => {
  const address = uniqueEmail("forged");
  // Any page of another origin than the emulator's whose policy lets it connect there: the
  // production build's, in a context of its own (its refused requests are the point, not errors).
  const other = await browser.newContext();
  const stranger = await other.newPage();
  await stranger.goto(`${E2E_PRODUCTION_SITE_URL}/`, { waitUntil: "load" });
  const outcome = await stranger.evaluate(
    async ({ api, email }) => {
      // A "simple" request: no preflight, so the browser sends it whatever the answer says (the
      // answer itself is then withheld from the page, hence the catch).
      await fetch(`${api}/faults`, {
        method: "POST",
        mode: "no-cors",
        headers: { "Content-Type": "text/plain" },
        body: JSON.stringify({ count: 1, status: 500, match: { email } }),
      }).catch(() => {});
      return fetch(`${api}/outbox`).then(
        (response) => `read ${response.status}`,
        () => "blocked",
      );
    },
    { api: `${E2E_EMULATOR_URL}/__emulator`, email: address },
  );
  await other.close();
  expect(outcome).toBe("blocked");

  // The forged fault did not take: the visitor's signup goes through, once.
  await gotoApp(page, "/");
  const { email, submit } = waitlistForm(page);
  await email.fill(address);
  await submit.click();
  await expect(page.getByRole("heading", { name: SUCCESS_HEADING })).toBeVisible(
    UNTIL_TEST_TIMEOUT,
  );
  expect(await emulator.outbox(address)).toHaveLength(1);
});

test("a recorder read in a page the kit never armed fails at once, naming what arms it", async ({
  browser,
}) => {
  // A context of the test's own: the kit arms only the test's context, and says so at once.
  const other = await browser.newContext();
  const page = await other.newPage();
  await page.goto(`${E2E_PRODUCTION_SITE_URL}/`, { waitUntil: "load" });
  await expect(toastsShown(page)).rejects.toThrow(/toast recorder .*armRecorders\(context\)/);
  await expect(recordLiveRegions(page).heard()).rejects.toThrow(/live-region recorder/);
  await expect(watchRequests(page).answered()).rejects.toThrow(/request recorder/);
  await armRecorders(other);
  await page.reload({ waitUntil: "load" });
  expect(await toastsShown(page)).toEqual([]);
  await other.close();
});
