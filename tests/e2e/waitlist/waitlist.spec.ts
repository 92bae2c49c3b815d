import { literally } from "../support/copy";
import { expect, test } from "../support/fixtures";
import { uniqueEmail } from "../support/guards";
import { holdRequests } from "../support/held-requests";
import {
  installClock,
  pauseClock,
  runClockUntil,
  runClockUntilShown,
  UNTIL_TEST_TIMEOUT,
} from "../support/page-clock";
import { pageRecord } from "../support/page-record";
import { expectSuccessShown } from "../support/tab-records";
import { gotoApp } from "../support/tabs";
import { toasts, waitlistForm } from "../support/waitlist-page";
import {
  CLOSE_TOAST,
  EXPECTED_FIXED_PARAMS,
  FAILURE_TITLE,
  INVALID,
  JOINING,
  SUCCESS_HEADING,
  SUCCESS_TITLE,
  TOAST_SHOWN_MS,
} from "../support/words";

test.describe("waitlist validation", () => {
  // One page for every invalid address in turn, each corrected before the next (its message then
  // clears), and last a valid one: every refusal is shown at a submit and sends nothing.
  test("an invalid address shows the message, focuses the field and sends nothing; the message clears once the address becomes valid", async ({
    page,
    emulator,
  }) => {
    let requests = 0;
    page.on("request", (request) => {
      if (request.url().includes("/api/v1.0/email/")) requests += 1;
    });
    await gotoApp(page, "/");
    const { email, submit, form } = waitlistForm(page);
    const message = form.getByText(INVALID);
    for (const [name, value] of [
      ["empty", ""],
      ["no domain", "ada@"],
      ["no top-level domain", "ada@example"],
      ["spaces", "ada lovelace@example.com"],
      ["numeric top-level domain", "ada@example.123"],
    ] as const) {
      await test.step(`an ${name} address`, async () => {
        await email.fill(value);
        await submit.click();
        await expect(message).toBeVisible();
        await expect(email).toHaveAttribute("aria-invalid", "true");
        await expect(email).toHaveAccessibleDescription(new RegExp(literally(INVALID)));
        await expect(email).toBeFocused();
        await expect(email).toHaveValue(value);
        await expect(page).toHaveURL(/\/$/);
        expect(requests).toBe(0);
        await email.fill("ada@example.com");
        await expect(message).toBeHidden();
        await expect(email).not.toHaveAttribute("aria-invalid", "true");
      });
    }
    // A send of any of them would have gone out before this one: a valid address submitted from
    // the same form reaches the emulator, and it is the only request the page made.
    const valid = uniqueEmail("after-invalid");
    await email.fill(valid);
    await submit.click();
    await expect(page).toHaveURL(/\/success$/, UNTIL_TEST_TIMEOUT);
    expect(await emulator.outbox(valid)).toHaveLength(1);
    expect(requests).toBe(1);
  });
});

test.describe("waitlist sending", () => {
  test("success: Joining..., the redirect toast, /success and exactly one email", async ({
    page,
    emulator,
  }) => {
    const address = uniqueEmail();
    // The send waits for the test: Joining... is checked while it is certainly in flight.
    const requests = await holdRequests(page);
    await gotoApp(page, "/");
    const { email, submit } = waitlistForm(page);
    await email.fill(`  ${address} `);
    await submit.click();
    const send = await requests.next();
    await expect(submit).toHaveText(JOINING);
    await expect(submit).toBeDisabled();
    await send.release();
    await expectSuccessShown(page);

    const outbox = await emulator.outbox(address);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.lib_version).toBe("4.4.1");
    expect(outbox[0]?.template_params).toEqual({ email: address, ...EXPECTED_FIXED_PARAMS });
  });

  test("an international domain, typed, is sent once in its ASCII form", async ({
    page,
    emulator,
  }) => {
    const [local] = uniqueEmail("idn").split("@");
    await gotoApp(page, "/");
    const { email } = waitlistForm(page);
    await email.pressSequentially(`${local}@bücher.de`);
    await email.press("Enter");
    await expect(page.getByRole("heading", { name: SUCCESS_HEADING })).toBeVisible(
      UNTIL_TEST_TIMEOUT,
    );
    // Punycode, as Chromium's own email field gives it and every mail system accepts it.
    const outbox = await emulator.outbox(`${local}@xn--bcher-kva.de`);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.template_params).toEqual({
      email: `${local}@xn--bcher-kva.de`,
      ...EXPECTED_FIXED_PARAMS,
    });
    expect(await emulator.outbox(`${local}@bücher.de`)).toEqual([]);
  });

  test("success: Redirecting... is announced before /success shows, not after", async ({
    page,
  }) => {
    // Records, in order, the first moment the toast's live region says it and the first moment
    // the page is /success with its heading.
    await page.addInitScript(
      ({ title, heading }) => {
        const order: string[] = [];
        Object.assign(window, { announceOrder: order });
        const note = (event: string) => {
          if (!order.includes(event)) order.push(event);
        };
        new MutationObserver(() => {
          for (const region of document.querySelectorAll('[role="status"][aria-live]')) {
            if (region.textContent?.includes(title)) note("announced");
          }
          if (
            location.pathname === "/success" &&
            document.querySelector("h1")?.textContent === heading
          ) {
            note("success page");
          }
        }).observe(document, { subtree: true, childList: true, characterData: true });
      },
      { title: SUCCESS_TITLE, heading: SUCCESS_HEADING },
    );
    await installClock(page);
    await gotoApp(page, "/");
    // Time stands until the test moves it: the move to /success can come only from the
    // announcement, never from the bound the page puts on waiting for it.
    await pauseClock(page);
    const { email, submit } = waitlistForm(page);
    await email.fill(uniqueEmail());
    await submit.click();
    await runClockUntilShown(page, toasts(page).filter({ hasText: SUCCESS_TITLE }));
    await expect(page).toHaveURL(/\/$/);
    // A few frames let the live region say it; half a second of page time is far inside that bound.
    await runClockUntil(page, () => page.url().endsWith("/success"), { withinMs: 500 });
    await expect(page.getByRole("heading", { name: SUCCESS_HEADING })).toBeVisible();
    await expect
      .poll(() => pageRecord<string[]>(page, "announceOrder"))
      .toEqual(["announced", "success page"]);
  });
});

test.describe("toasts", () => {
  test("only one toast is shown at a time: a new one replaces the old", async ({
    page,
    emulator,
    consoleGuard,
  }) => {
    consoleGuard.expectSendFailureLog();
    const address = uniqueEmail();
    await emulator.fault({ count: 1, status: 400, match: { email: address } });
    await installClock(page);
    await gotoApp(page, "/");
    // Neither toast can close by itself while the clock stands: only the new one can replace it.
    await pauseClock(page);
    const { email, submit } = waitlistForm(page);
    await email.fill(address);
    await submit.click();
    await runClockUntilShown(page, toasts(page).filter({ hasText: FAILURE_TITLE }));
    await submit.click();
    await expect(toasts(page)).toHaveText(
      [new RegExp(literally(SUCCESS_TITLE))],
      UNTIL_TEST_TIMEOUT,
    );
    await expect(page.getByText(FAILURE_TITLE)).toHaveCount(0);
  });

  test("a toast closes by itself after 5 s, by its close button, or by swiping right", async ({
    page,
    emulator,
    consoleGuard,
  }) => {
    consoleGuard.expectSendFailureLog();
    const address = uniqueEmail();
    await emulator.fault({ count: 3, status: 400, match: { email: address } });
    await installClock(page);
    await gotoApp(page, "/");
    // Time stands: a toast closes by the test's hand, or when the test moves the clock.
    await pauseClock(page);
    const { email, submit } = waitlistForm(page);
    await email.fill(address);
    const toast = toasts(page);

    await submit.click();
    await runClockUntilShown(page, toast);
    await toast.getByRole("button", { name: CLOSE_TOAST }).click();
    await expect(toast).toHaveCount(0);

    await submit.click();
    await expect(toast).toHaveCount(1, UNTIL_TEST_TIMEOUT);
    const box = await toast.boundingBox();
    if (!box) throw new Error("toast has no box");
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 5 });
    await page.mouse.move(box.x + 120, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(toast).toHaveCount(0);

    // docs/behaviour.md, "Constants": shown for 5000 ms by default, counted from when it opens. Last,
    // so the toaster is loaded and the toast's timer starts as it shows; the pointer first leaves
    // the toasts' corner, where it would hold a toast open.
    await page.mouse.move(0, 0);
    await submit.click();
    await expect(toast).toHaveCount(1, UNTIL_TEST_TIMEOUT);
    await page.clock.runFor(TOAST_SHOWN_MS - 1);
    await expect(toast).toHaveCount(1);
    await page.clock.runFor(1);
    await expect(toast).toHaveCount(0);
  });
});
