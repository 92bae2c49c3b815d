/**
 * Submitting never drops keyboard focus, and a failure stays said after its toast has gone
 * (docs/behaviour.md, "Failure feedback and focus").
 */

import { expect, test } from "../support/fixtures";
import { uniqueEmail } from "../support/guards";
import { holdRequests } from "../support/held-requests";
import { boxesOverlap } from "../support/layout";
import {
  installClock,
  pauseClock,
  runClockUntilShown,
  UNTIL_TEST_TIMEOUT,
} from "../support/page-clock";
import { gotoApp } from "../support/tabs";
import { toasts, waitlistForm } from "../support/waitlist-page";
import {
  CLOSE_TOAST,
  EMAIL_LABEL,
  FAILURE_TITLE,
  JOIN,
  JOINING,
  KEPT_NOTE,
  SUCCESS_HEADING,
} from "../support/words";

test("focus stays on the button through Joining... and a failure; the note stays after the toast", async ({
  page,
  emulator,
  consoleGuard,
}) => {
  consoleGuard.expectSendFailureLog();
  const address = uniqueEmail("focus");
  await emulator.fault({ count: 1, status: 400, match: { email: address } });
  // The send waits for the test: the Joining... state is checked while it certainly lasts.
  const held = await holdRequests(page);
  await installClock(page);
  await gotoApp(page, "/");
  // Time stands while the failure toast is read and closed: it cannot close by itself meanwhile,
  // nor can the site say the answer is slow.
  await pauseClock(page);
  const { email, submit } = waitlistForm(page);
  await email.fill(address);
  await submit.focus();
  await page.keyboard.press("Enter");
  const send = await held.next();
  await expect(submit).toHaveText(JOINING);
  await expect(page.getByRole("status").filter({ hasText: JOINING })).toHaveCount(1);
  await expect(submit).toHaveAttribute("aria-disabled", "true");
  await expect(submit).toBeFocused();
  await send.release();

  const toast = toasts(page).filter({ hasText: FAILURE_TITLE });
  // The toaster's first load: React reveals it on a timer of its own, on the stopped clock.
  await runClockUntilShown(page, toast);
  await expect(submit).toHaveText(JOIN);
  await expect(submit).toBeFocused();
  await expect(email).toHaveAccessibleDescription(new RegExp(KEPT_NOTE.replace(/[.?]/g, "\\$&")));

  // The toast closes by itself; what it said stays under the field until the next attempt.
  await toast.getByRole("button", { name: CLOSE_TOAST }).click();
  await expect(toast).toBeHidden();
  await expect(page.getByText(KEPT_NOTE)).toBeVisible();
  // Time runs again: the move to /success waits a frame or two for "Redirecting..." to be said.
  await page.clock.resume();
  await submit.focus();
  await page.keyboard.press("Enter");
  await (await held.next()).release();
  await expect(page).toHaveURL(/\/success$/, UNTIL_TEST_TIMEOUT);
  await expect(page.getByRole("heading", { name: SUCCESS_HEADING })).toBeFocused();
  expect(await emulator.outbox(address)).toHaveLength(1);
});

test("the email field has a visible label whose words are its accessible name", async ({
  page,
}) => {
  await gotoApp(page, "/");
  const label = page.getByText(EMAIL_LABEL, { exact: true });
  await expect(label).toBeVisible();
  await expect(waitlistForm(page).email).toHaveAccessibleName(EMAIL_LABEL);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test("the failure toast leaves the form's button and field in view", async ({
    page,
    emulator,
    consoleGuard,
  }) => {
    consoleGuard.expectSendFailureLog();
    const address = uniqueEmail("phone-toast");
    await emulator.fault({ count: 1, status: 400, match: { email: address } });
    await installClock(page);
    await gotoApp(page, "/");
    // The toast stays while it is measured: it cannot close by itself with time standing.
    await pauseClock(page);
    const { email, submit } = waitlistForm(page);
    await email.fill(address);
    // As a visitor who has just typed: the button low on the screen, under the thumb.
    await submit.evaluate((button) => button.scrollIntoView({ block: "end", behavior: "instant" }));
    await submit.click();
    const toast = toasts(page).filter({ hasText: FAILURE_TITLE });
    await runClockUntilShown(page, toast);
    const toastBox = await toast.boundingBox();
    for (const control of [submit, email]) {
      const box = await control.boundingBox();
      if (!toastBox || !box) throw new Error("no box");
      expect(boxesOverlap(box, toastBox), "the toast covers a control of the form").toBe(false);
    }
  });
});
