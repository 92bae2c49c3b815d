/**
 * Each event said once: what the page's live regions say, recorded as a screen reader would hear
 * it, for a failed send, a send tried again and again, and an invalid address.
 */
import { expect, test } from "../support/fixtures";
import { uniqueEmail } from "../support/guards";
import { holdAnswers } from "../support/held-requests";
import { recordLiveRegions } from "../support/live-regions";
import { submitWithFault } from "../support/submit-with-fault";
import { gotoApp, PRELOADED_MARK } from "../support/tabs";
import { toasts, waitlistForm } from "../support/waitlist-page";
import {
  FAILURE_HEARD,
  FAILURE_TITLE,
  INVALID,
  JOIN,
  JOINING,
  SUCCESS_TITLE,
  WAITING,
} from "../support/words";

test("a failed send is said once, by the toast; the button's Joining... once before it", async ({
  page,
  emulator,
  consoleGuard,
}) => {
  consoleGuard.expectSendFailureLog();
  const live = recordLiveRegions(page);
  const address = uniqueEmail("said-once");
  // A refusal that trying again cannot fix is reported at once; its answer is held until the
  // button has said Joining..., as a visitor on a slow network hears it.
  await emulator.fault({ count: 1, status: 400, match: { email: address } });
  const answer = await holdAnswers(page);
  await gotoApp(page, "/");
  await live.start();
  const { email, submit } = waitlistForm(page);
  await email.fill(address);
  await submit.click();
  await answer.arrived();
  await expect.poll(live.heard).toEqual([JOINING]);
  await answer.release();
  const toast = toasts(page).filter({ hasText: FAILURE_TITLE });
  await expect(toast).toBeVisible();
  await expect(submit).toHaveText(JOIN);
  await expect.poll(live.heard).toContainEqual(expect.stringContaining(FAILURE_TITLE));
  const heard = await live.heard();
  test.info().annotations.push({
    type: "live regions per failed send",
    description: JSON.stringify(heard),
  });
  expect(heard).toEqual([JOINING, FAILURE_HEARD]);
  // What the toast said stays readable with the field: it is the field's description.
  await expect(email).toHaveAccessibleDescription(/we kept your address/);
});

for (const { status, cause, words, other } of [
  { status: 429, cause: "a crowd", words: WAITING.crowd, other: WAITING.trouble },
  { status: 503, cause: "a failing service", words: WAITING.trouble, other: WAITING.crowd },
]) {
  test(`HTTP ${status} again and again: said once, as ${cause}, not at every try`, async ({
    page,
    emulator,
    consoleGuard,
  }) => {
    consoleGuard.expectSendFailureLog();
    const live = recordLiveRegions(page);
    const address = uniqueEmail(`said-once-${status}`);
    await submitWithFault(page, {
      emulator,
      address,
      faults: [{ count: 2, status }],
      beforeSubmit: live.start,
    });
    // The tries and the waits between them: bounded by the test's budget, not a window of its own.
    await page.waitForURL(/\/success$/);
    await expect.poll(live.heard).toContainEqual(expect.stringContaining(SUCCESS_TITLE));
    const heard = await live.heard();
    test.info().annotations.push({
      type: `live regions per send refused ${status} twice`,
      description: JSON.stringify(heard),
    });
    expect(heard.slice(0, 2)).toEqual([JOINING, words]);
    expect(heard.filter((text) => text === words)).toHaveLength(1);
    expect(heard.filter((text) => text === other || text.includes(FAILURE_TITLE))).toEqual([]);
    expect(await emulator.outbox(address)).toHaveLength(1);
  });
}

test("a send made offline is said once to wait for the network, not blamed on the service", async ({
  page,
  emulator,
  consoleGuard,
}) => {
  consoleGuard.expectSendFailureLog();
  consoleGuard.expectAssetLoadFailures();
  const live = recordLiveRegions(page);
  const address = uniqueEmail("said-once-offline");
  await gotoApp(page, "/");
  // What a send needs is loaded before the network goes.
  await page.waitForFunction(
    (mark) => performance.getEntriesByName(mark).length > 0,
    PRELOADED_MARK,
  );
  await live.start();
  await page.context().setOffline(true);
  const { email, submit, form } = waitlistForm(page);
  await email.fill(address);
  await submit.click();
  await expect(form.getByText(WAITING.offline)).toBeVisible();
  await page.context().setOffline(false);
  // The tries and the waits between them: bounded by the test's budget, not a window of its own.
  await page.waitForURL(/\/success$/);
  await expect.poll(live.heard).toContainEqual(expect.stringContaining(SUCCESS_TITLE));
  const heard = await live.heard();
  test.info().annotations.push({
    type: "live regions per send made offline",
    description: JSON.stringify(heard),
  });
  expect(heard.slice(0, 2)).toEqual([JOINING, WAITING.offline]);
  expect(heard.filter((text) => text === WAITING.offline)).toHaveLength(1);
  expect(heard.filter((text) => text === WAITING.trouble || text === WAITING.crowd)).toEqual([]);
  expect(await emulator.outbox(address)).toHaveLength(1);
});

test("an invalid address is said once: by the field's description as focus reaches it", async ({
  page,
}) => {
  const live = recordLiveRegions(page);
  await gotoApp(page, "/");
  await live.start();
  const { email, submit, form } = waitlistForm(page);
  await email.fill("ada@");
  await submit.click();
  await expect(form.getByText(INVALID)).toBeVisible();
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription(new RegExp(INVALID));
  const heard = await live.heard();
  test.info().annotations.push({
    type: "live regions per invalid address",
    description: JSON.stringify(heard),
  });
  expect(heard).toEqual([]);
});
