/**
 * When Google goes silent (docs/behaviour.md, "The bot check (optional)"): an execute that neither
 * gives a token nor shows a challenge (its request hangs, or an extension blocks its frame) ends the
 * turn at the page's bound in its own words, the address kept and the button usable, and a token
 * Google gives after it sends nothing; a later submit is sent once. A challenge the visitor has open
 * is never cut off by that bound. The stand-in plays the silent Google (recaptcha-challenges.ts,
 * `ends: "silent"`); the bound runs on the page's clock, moved by the test.
 */
import {
  botCheckEmulator,
  challenge,
  expectArrivedOnce,
  SILENT_AFTER_MS,
  sentTokens,
  tokenAnswers,
  widgetResponse,
} from "../support/bot-check";
import { expect, test } from "../support/fixtures";
import { uniqueEmail } from "../support/guards";
import { recordLiveRegions } from "../support/live-regions";
import {
  installClock,
  pauseClock,
  runClockUntil,
  runClockUntilShown,
  settled,
} from "../support/page-clock";
import { E2E_BOT_CHECK_SITE_URL } from "../support/stack-ports";
import { expectFailureShown, expectSuccessShown } from "../support/tab-records";
import { gotoApp } from "../support/tabs";
import { toasts, waitlistForm } from "../support/waitlist-page";
import { BOT_CHECK, FAILURE_HEARD, FAILURE_TITLE, JOIN, JOINING } from "../support/words";

test.use({ baseURL: E2E_BOT_CHECK_SITE_URL });

/** How long after the bound the silent Google answers after all. */
const LATE_MS = 5000;

test("Google silent: at the bound its own words, the address kept, the button usable, nothing sent, not even once Google answers late; a later submit arrives once", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.expectSendFailureLog();
  const tokens = sentTokens(page);
  const answered = tokenAnswers(page);
  const live = recordLiveRegions(page);
  const address = uniqueEmail("silent");
  await botCheckEmulator.challenge({
    count: 1,
    ends: "silent",
    afterMs: SILENT_AFTER_MS + LATE_MS,
    match: { email: address },
  });
  await installClock(page);
  await gotoApp(page);
  // Time stands until the test moves it: the bound cannot run out before it is looked at.
  await pauseClock(page);
  await live.start();
  const { form, email, submit } = waitlistForm(page);
  await email.fill(address);
  await submit.click();
  // Google heard the execute (its frame's request was answered), and says nothing.
  await expect.poll(answered).toBe(1);

  await page.clock.runFor(SILENT_AFTER_MS - 1);
  await settled(page);
  await expect(submit).toHaveText(JOINING);
  expect(await form.getByText(BOT_CHECK.silent).isVisible()).toBe(false);
  await page.clock.runFor(1);
  await expect(form.getByText(BOT_CHECK.silent)).toBeVisible();
  // The toaster's first load: React reveals it on a timer of its own, on the stopped clock.
  await runClockUntilShown(page, toasts(page).filter({ hasText: FAILURE_TITLE }));
  await expectFailureShown(page, address);
  await expect(submit).toBeFocused();
  await expect(email).toHaveAccessibleDescription(new RegExp(BOT_CHECK.silent.slice(0, 40)));
  // The toast is announced a frame after it shows, on the stopped clock.
  await runClockUntil(page, async () => (await live.heard()).includes(FAILURE_HEARD), {
    withinMs: 1000,
    stepMs: 10,
  });
  // The ending's own words too: the toast does not name them.
  await expect.poll(live.heard).toEqual([JOINING, BOT_CHECK.silent, FAILURE_HEARD]);
  expect(tokens).toEqual([]);
  expect(await botCheckEmulator.outbox(address)).toEqual([]);

  // Google's hung request answers after all: the token reaches the page, and nothing is sent.
  // Bounded by the whole wait: the frame may have set its timer a moment after the first move.
  await runClockUntil(page, () => answered() === 2, { withinMs: SILENT_AFTER_MS + LATE_MS });
  await expect.poll(() => widgetResponse(page)).not.toBe("");
  const late = await widgetResponse(page);
  await settled(page);
  await expect(form.getByText(BOT_CHECK.silent)).toBeVisible();
  await expect(submit).toHaveText(JOIN);
  expect(tokens).toEqual([]);
  expect(await botCheckEmulator.outbox(address)).toEqual([]);

  // Google answers again: the next submit runs an execute of its own and arrives once.
  await page.clock.resume();
  await submit.click();
  await expectSuccessShown(page);
  expect(answered()).toBe(3);
  expect(tokens).toHaveLength(1);
  expect(tokens[0]).not.toBe(late);
  await expectArrivedOnce(address, tokens);
});

test("a challenge open far longer than the bound is never cut off: answered then, the address arrives once", async ({
  page,
}) => {
  const tokens = sentTokens(page);
  const address = uniqueEmail("challenge-long");
  await botCheckEmulator.challenge({ count: 1, match: { email: address } });
  await installClock(page);
  await gotoApp(page);
  await pauseClock(page);
  const { form, email, submit } = waitlistForm(page);
  await email.fill(address);
  await submit.click();
  const { solve } = challenge(page);
  await expect(solve).toBeFocused();
  await expect(form.getByText(BOT_CHECK.asking)).toBeVisible();

  // The visitor looks at the pictures for three bounds.
  await page.clock.runFor(SILENT_AFTER_MS * 3);
  await settled(page);
  expect(await form.getByText(BOT_CHECK.asking).isVisible()).toBe(true);
  expect(await form.getByText(BOT_CHECK.silent).isVisible()).toBe(false);
  await expect(submit).toHaveText(JOINING);
  expect(tokens).toEqual([]);

  await page.clock.resume();
  await solve.click();
  await expectSuccessShown(page);
  expect(tokens).toHaveLength(1);
  await expectArrivedOnce(address, tokens);
});
