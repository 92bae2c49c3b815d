/**
 * When Google asks the visitor a question (docs/security.md, "The bot check"): the token is had
 * before a send starts, so a challenge answered late is sent once and no time limit runs behind it;
 * a challenge closed (Google calls nothing), expired or failed ends in its own words with the address
 * kept; a tab closed mid-challenge leaves the address unsent, offered again on the next visit; and
 * nothing reaches Google without the visitor's intent on this page view. The stand-in plays Google's
 * challenge (server/emulator/recaptcha-challenges.ts), queued per address.
 */
import {
  botCheckEmulator,
  challenge,
  expectArrivedOnce,
  googleRequests,
  sentTokens,
} from "../support/bot-check";
import { expect, test } from "../support/fixtures";
import { uniqueEmail } from "../support/guards";
import { holdAppScript } from "../support/held-requests";
import { recordLiveRegions } from "../support/live-regions";
import { CLOCK_START } from "../support/page-clock";
import { E2E_BOT_CHECK_SITE_URL } from "../support/stack-ports";
import { E2E_SEND_TIMEOUT_MS } from "../support/stack-timing";
import { expectFailureShown, expectSuccessShown } from "../support/tab-records";
import { appIdle, gotoApp, reloadApp } from "../support/tabs";
import { waitlistForm } from "../support/waitlist-page";
import { BOT_CHECK, FAILURE_HEARD, JOINING, SUCCESS_TEXT, SUCCESS_TITLE } from "../support/words";

test.use({ baseURL: E2E_BOT_CHECK_SITE_URL });

/** The note for a pending signup, with the bot check on: nothing is sent until the visitor asks. */
const PENDING_NOTE = (address: string) =>
  `Your waitlist signup for ${address} was not sent before the page closed.`;
const REDIRECTING = `Notification ${SUCCESS_TITLE} ${SUCCESS_TEXT}`;

test("a challenge answered long after a send's time limit: the form says the check waits, nothing runs behind it, and the address arrives once", async ({
  page,
}) => {
  const tokens = sentTokens(page);
  const live = recordLiveRegions(page);
  const address = uniqueEmail("challenge-slow");
  await botCheckEmulator.challenge({ count: 1, match: { email: address } });
  // Before navigation, as Playwright's clock asks: time runs as usual until the test moves it.
  await page.clock.install({ time: CLOCK_START });
  await gotoApp(page, "/");
  await live.start();
  const { form, email, submit } = waitlistForm(page);
  await email.fill(address);
  await submit.click();
  const { solve } = challenge(page);
  await expect(solve).toBeFocused();
  await expect(form.getByText(BOT_CHECK.asking)).toBeVisible();
  await expect(submit).toHaveText(JOINING);

  // Three time limits pass while the visitor looks at the pictures: no send, no retry, no give-up.
  await page.clock.runFor(E2E_SEND_TIMEOUT_MS * 3);
  await expect(form.getByText(BOT_CHECK.asking)).toBeVisible();
  expect(tokens).toEqual([]);

  await solve.click();
  await expectSuccessShown(page);
  expect(tokens).toHaveLength(1);
  await expectArrivedOnce(address, tokens);
  await expect.poll(live.heard).toContainEqual(REDIRECTING);
  expect(await live.heard()).toEqual([JOINING, BOT_CHECK.asking, REDIRECTING]);
});

test("a challenge asked for before its frame has loaded: shown once it has, its question takes focus, and the address arrives once", async ({
  page,
}) => {
  const tokens = sentTokens(page);
  const address = uniqueEmail("challenge-frame-late");
  await botCheckEmulator.challenge({ count: 1, match: { email: address } });
  // The challenge's frame arrives only after Google has answered the execute with a challenge.
  const challengeAsked = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/recaptcha/api2/token",
  );
  await page.route(/\/recaptcha\/api2\/bframe/, async (route) => {
    await challengeAsked;
    await route.fallback();
  });
  await gotoApp(page, "/");
  const { form, email, submit } = waitlistForm(page);
  await email.fill(address);
  await submit.click();
  const { solve } = challenge(page);
  await expect(solve).toBeFocused();
  await expect(form.getByText(BOT_CHECK.asking)).toBeVisible();

  await solve.press("Enter");
  await expectSuccessShown(page);
  await expectArrivedOnce(address, tokens);
});

test("a challenge closed by keyboard: its own words, the address kept, focus back on the button, nothing sent; a later submit arrives once", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.expectSendFailureLog();
  const tokens = sentTokens(page);
  const live = recordLiveRegions(page);
  const address = uniqueEmail("challenge-closed");
  await botCheckEmulator.challenge({ count: 1, match: { email: address } });
  await gotoApp(page, "/");
  await live.start();
  const { form, email, submit } = waitlistForm(page);
  await email.fill(address);
  await submit.press("Enter");
  await expect(challenge(page).solve).toBeFocused();
  // Google calls nothing when its challenge is closed: the page notices the frame hidden.
  await page.keyboard.press("Escape");

  await expect(form.getByText(BOT_CHECK.closed)).toBeVisible();
  await expectFailureShown(page, address);
  await expect(submit).toBeFocused();
  await expect(email).toHaveAccessibleDescription(new RegExp(BOT_CHECK.closed.slice(0, 40)));
  expect(tokens).toEqual([]);
  expect(await botCheckEmulator.outbox(address)).toEqual([]);
  // The ending's own words too: the toast does not name them.
  await expect
    .poll(live.heard)
    .toEqual([JOINING, BOT_CHECK.asking, BOT_CHECK.closed, FAILURE_HEARD]);

  // The queue is free again: the next submit (no challenge this time) goes through at once.
  await submit.press("Enter");
  await expectSuccessShown(page);
  expect(tokens).toHaveLength(1);
  await expectArrivedOnce(address, tokens);
});

for (const { ends, words } of [
  { ends: "expired", words: BOT_CHECK.expired },
  { ends: "error", words: BOT_CHECK.googleError },
] as const) {
  test(`a challenge that ends as "${ends}" says so in its own words, keeps the address and sends nothing`, async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.expectSendFailureLog();
    const tokens = sentTokens(page);
    const address = uniqueEmail(`challenge-${ends}`);
    await botCheckEmulator.challenge({ count: 1, ends, match: { email: address } });
    await gotoApp(page, "/");
    const { form, email, submit } = waitlistForm(page);
    await email.fill(address);
    await submit.click();
    await expect(form.getByText(words)).toBeVisible();
    await expectFailureShown(page, address);
    await expect(submit).toBeFocused();
    expect(tokens).toEqual([]);
    expect(await botCheckEmulator.outbox(address)).toEqual([]);
  });
}

test("a tab closed during a challenge leaves the address unsent: the next visit offers it without asking Google, and sends it once when asked", async ({
  page,
  context,
}) => {
  const address = uniqueEmail("challenge-tab-closed");
  await botCheckEmulator.challenge({ count: 1, match: { email: address } });
  await gotoApp(page, "/");
  const { email, submit } = waitlistForm(page);
  await email.fill(address);
  await submit.click();
  await expect(challenge(page).solve).toBeVisible();
  await page.close();

  const next = await context.newPage();
  const requests = googleRequests(next);
  const tokens = sentTokens(next);
  await next.goto("/", { waitUntil: "load" });
  const note = next.getByRole("region", { name: "Your waitlist signup" });
  await expect(note).toContainText(PENDING_NOTE(address));
  await appIdle(next);
  expect(requests).toEqual([]);

  await note.getByRole("button", { name: "Send it now" }).click();
  await expectSuccessShown(next);
  expect(tokens).toHaveLength(1);
  await expectArrivedOnce(address, tokens);
});

test("a signup a closed page left pending and sent from the form instead: once, and its note goes", async ({
  page,
  context,
}) => {
  const address = uniqueEmail("challenge-pending-form");
  await botCheckEmulator.challenge({ count: 1, match: { email: address } });
  await gotoApp(page, "/");
  const first = waitlistForm(page);
  await first.email.fill(address);
  await first.submit.click();
  await expect(challenge(page).solve).toBeVisible();
  await page.close();

  const next = await context.newPage();
  const tokens = sentTokens(next);
  await next.goto("/", { waitUntil: "load" });
  const note = next.getByRole("region", { name: "Your waitlist signup" });
  await expect(note).toContainText(PENDING_NOTE(address));
  const { email, submit } = waitlistForm(next);
  await email.fill(address);
  await submit.click();
  await expectSuccessShown(next);
  await expect(note).toBeHidden();
  await expectArrivedOnce(address, tokens);
});

test("an address kept in the field, put back by the page or by the browser, asks nothing of Google until the visitor acts", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.expectSendFailureLog();
  const address = uniqueEmail("intent-kept");
  // A send refused for good: the page keeps the address and puts it back on the next visit.
  await botCheckEmulator.fault({ count: 1, status: 400, match: { email: address } });
  await gotoApp(page, "/");
  const { email, submit } = waitlistForm(page);
  await email.fill(address);
  await submit.click();
  await expectFailureShown(page, address);

  const requests = googleRequests(page);
  await reloadApp(page);
  await expect(waitlistForm(page).email).toHaveValue(address);
  await appIdle(page);
  expect(requests).toEqual([]);

  // A value the browser restores into the field before the app starts is no intent either.
  const app = await holdAppScript(page);
  await page.goto("/", { waitUntil: "commit" });
  await page.evaluate(() => {
    const field = document.querySelector<HTMLInputElement>('input[type="email"]');
    if (field) field.value = "restored@bulwark.example";
  });
  await app.arrived();
  await app.release();
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  await appIdle(page);
  expect(requests).toEqual([]);

  await waitlistForm(page).email.focus();
  await expect.poll(() => requests.length).toBeGreaterThan(0);
});
