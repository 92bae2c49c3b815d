/**
 * The typo hint under the field (docs/behaviour.md, "Typo hint"): a likely slip in the domain gets
 * the address as it would be corrected, with a button that takes it; never a block. A slip ignored
 * is sent as typed, once; a hint taken sends the corrected address, once; the hint moves nothing
 * on the page; a submit made before the app started is sent as typed. The check loads after the
 * visitor's first interaction (`touchPage` models a visitor who touched the page before typing): a
 * submit before it has loaded is sent as typed, and a field left before it gets its hint once it has.
 */
import type { Locator, Page } from "@playwright/test";
import { TYPO_HINT } from "../support/copy";
import { expect, test } from "../support/fixtures";
import { uniqueEmail } from "../support/guards";
import {
  holdAppScript,
  holdRequests,
  holdTypoCheck,
  TYPO_CHECK,
  watchRequests,
} from "../support/held-requests";
import { settled } from "../support/page-clock";
import { expectSuccessShown } from "../support/tab-records";
import { gotoApp } from "../support/tabs";
import { touchPage, waitlistForm } from "../support/waitlist-page";
import { JOINING } from "../support/words";

/** `address` (the kit's, on example.com) with its ending slipped: example.con. */
const slipOf = (address: string) => address.replace(/\.com$/, ".con");

/** Where `locator` sits on the page (not in the viewport: filling the field may scroll). */
const placeOf = (locator: Locator) =>
  locator.evaluate((element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    return { x: x + window.scrollX, y: y + window.scrollY, width, height };
  });

/** The hint's button, which takes `corrected`. */
const hintButton = (page: Page, corrected: string) =>
  waitlistForm(page).form.getByRole("button", { name: TYPO_HINT.take(corrected) });

test("a slip ignored: the first Join shows the hint and sends nothing, the next sends it as typed, once", async ({
  page,
  emulator,
}) => {
  const address = uniqueEmail("typo-ignored");
  const slip = slipOf(address);
  await gotoApp(page, "/");
  await touchPage(page);
  const requests = watchRequests(page);
  const { form, email, submit } = waitlistForm(page);
  await email.fill(slip);
  await submit.click();
  await expect(hintButton(page, address)).toBeVisible();
  await expect(form.getByText(TYPO_HINT.lead, { exact: true })).toBeVisible();
  await expect(submit).toHaveText("Join Waitlist");
  await expect(email).toHaveValue(slip);
  await submit.click();
  await expectSuccessShown(page);
  expect(requests.count()).toBe(1);
  expect(await emulator.outbox(slip)).toHaveLength(1);
  expect(await emulator.outbox(address)).toHaveLength(0);
});

test("a hint taken by keyboard: Tab reaches it right after the field, Enter puts the address right and focus back, Enter sends that, once", async ({
  page,
  emulator,
}) => {
  const address = uniqueEmail("typo-taken");
  const slip = slipOf(address);
  await gotoApp(page, "/");
  await touchPage(page);
  const requests = watchRequests(page);
  const { email } = waitlistForm(page);
  await email.fill(slip);
  await page.keyboard.press("Tab");
  await expect(hintButton(page, address)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(email).toHaveValue(address);
  await expect(email).toBeFocused();
  await expect(hintButton(page, address)).toHaveCount(0);
  await page.keyboard.press("Enter");
  await expectSuccessShown(page);
  expect(requests.count()).toBe(1);
  expect(await emulator.outbox(address)).toHaveLength(1);
  expect(await emulator.outbox(slip)).toHaveLength(0);
});

for (const width of [320, 1280]) {
  test(`at ${width} px the hint moves nothing: the button and the lines below stay put, one line, no sideways scroll`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await gotoApp(page, "/");
    await touchPage(page);
    const { form, email, submit } = waitlistForm(page);
    const below = form.getByText(
      "We only use your address to contact you about Bulwark early access.",
    );
    const where = async () => ({
      submit: await placeOf(submit),
      below: await placeOf(below),
    });
    const before = await where();
    // A long address: the line cuts its start, never the domain, and stays one line.
    const address = `maximilian.mustermann-${uniqueEmail("typo-layout")}`;
    await email.fill(slipOf(address));
    await email.blur();
    const button = hintButton(page, address);
    await expect(button).toBeVisible();
    expect(await where()).toEqual(before);
    const line = await placeOf(button);
    const field = await placeOf(email);
    expect(line.y).toBeGreaterThanOrEqual(field.y + field.height);
    expect(line.height).toBeLessThanOrEqual(24);
    // Its end, the corrected domain, is in view.
    await expect(button).toHaveText(/example\.com\u200e?$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
  });
}

test("a slip submitted before the app started is sent as typed, once", async ({
  page,
  emulator,
}) => {
  const address = uniqueEmail("typo-early");
  const slip = slipOf(address);
  const app = await holdAppScript(page);
  await page.goto("/", { waitUntil: "commit" });
  const { email, submit } = waitlistForm(page);
  await email.fill(slip);
  await submit.click();
  await app.arrived();
  await app.release();
  await expectSuccessShown(page);
  expect(await emulator.outbox(slip)).toHaveLength(1);
  expect(await emulator.outbox(address)).toHaveLength(0);
});

test("a slip submitted before the check has loaded is sent as typed, once: no hint, no wait", async ({
  page,
  emulator,
}) => {
  const address = uniqueEmail("typo-unloaded");
  const slip = slipOf(address);
  const check = await holdTypoCheck(page);
  const send = await holdRequests(page);
  await gotoApp(page, "/");
  const requests = watchRequests(page);
  const { email, submit } = waitlistForm(page);
  await email.fill(slip);
  // The field's first interaction asked for the check, which is held.
  await check.arrived();
  await submit.click();
  // Sent while the check is still held: the send never waits for it.
  await send.arrived();
  await expect(submit).toHaveText(JOINING);
  await expect(hintButton(page, address)).toHaveCount(0);
  await send.release();
  await expectSuccessShown(page);
  expect(requests.count()).toBe(1);
  expect(await emulator.outbox(slip)).toHaveLength(1);
  expect(await emulator.outbox(address)).toHaveLength(0);
  await check.release();
});

test("a field left before the check has loaded gets its hint once it has, if it still holds that address", async ({
  page,
}) => {
  const address = uniqueEmail("typo-late");
  const check = await holdTypoCheck(page);
  await gotoApp(page, "/");
  const { email } = waitlistForm(page);
  await email.fill(slipOf(address));
  await email.blur();
  await check.arrived();
  await settled(page);
  await expect(hintButton(page, address)).toHaveCount(0);
  await check.release();
  await expect(hintButton(page, address)).toBeVisible();
});

test("a check that cannot load: no hint, the address sent as typed, once, and nothing else", async ({
  page,
  emulator,
  consoleGuard,
}) => {
  consoleGuard.expectAssetLoadFailures();
  const address = uniqueEmail("typo-unloadable");
  const slip = slipOf(address);
  await page.route(TYPO_CHECK, (route) => route.abort());
  await gotoApp(page, "/");
  const failed = page.waitForEvent("requestfailed", (request) => TYPO_CHECK.test(request.url()));
  const { email, submit } = waitlistForm(page);
  await email.fill(slip);
  await email.blur();
  await failed;
  await settled(page);
  await expect(hintButton(page, address)).toHaveCount(0);
  await submit.click();
  await expectSuccessShown(page);
  expect(await emulator.outbox(slip)).toHaveLength(1);
  expect(await emulator.outbox(address)).toHaveLength(0);
});
