import {
  EXPECTED_FIXED_PARAMS,
  expect,
  test,
  toasts,
  uniqueEmail,
  waitlistForm,
} from "../support/fixtures";

test.describe("waitlist validation", () => {
  for (const [name, value] of [
    ["empty", ""],
    ["no domain", "ada@"],
    ["no top-level domain", "ada@example"],
    ["spaces", "ada lovelace@example.com"],
    ["numeric top-level domain", "ada@example.123"],
  ] as const) {
    test(`an ${name} address shows the message, focuses the field and sends nothing`, async ({
      page,
      emulator,
    }) => {
      let sends = 0;
      page.on("request", (request) => {
        if (request.url().includes("/api/v1.0/email/")) sends += 1;
      });
      await page.goto("/");
      const { email, submit, form } = waitlistForm(page);
      await email.fill(value);
      await submit.click();
      await expect(form.getByText("Please enter a valid email address")).toBeVisible();
      await expect(email).toHaveAttribute("aria-invalid", "true");
      await expect(email).toHaveAccessibleDescription(/Please enter a valid email address/);
      await expect(email).toBeFocused();
      await expect(email).toHaveValue(value);
      await expect(page).toHaveURL(/\/$/);
      expect(sends).toBe(0);
      // A send of it would have gone out before the next one: a valid address submitted next from
      // the same form reaches the emulator, and it is the only request the page made.
      const valid = uniqueEmail("after-invalid");
      await email.fill(valid);
      await submit.click();
      await expect(page).toHaveURL(/\/success$/);
      expect(await emulator.outbox(valid)).toHaveLength(1);
      expect(sends).toBe(1);
    });
  }

  test("the message clears once the address becomes valid", async ({ page }) => {
    await page.goto("/");
    const { email, submit, form } = waitlistForm(page);
    await email.fill("ada@");
    await submit.click();
    await expect(form.getByText("Please enter a valid email address")).toBeVisible();
    await email.fill("ada@example.com");
    await expect(form.getByText("Please enter a valid email address")).toBeHidden();
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
  });
});

test.describe("waitlist sending", () => {
  test("success: Joining..., the redirect toast, /success and exactly one email", async ({
    page,
    emulator,
  }) => {
    const address = uniqueEmail();
    await emulator.fault({ count: 1, delayMs: 800, match: { email: address } });
    await page.goto("/");
    const { email, submit } = waitlistForm(page);
    await email.fill(`  ${address} `);
    await submit.click();
    await expect(submit).toHaveText("Joining...");
    await expect(submit).toBeDisabled();
    await expect(page).toHaveURL(/\/success$/);
    const toast = toasts(page).filter({ hasText: "Redirecting..." });
    await expect(toast).toContainText("Taking you to confirmation page");
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();

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
    await page.goto("/");
    const { email } = waitlistForm(page);
    await email.pressSequentially(`${local}@bücher.de`);
    await email.press("Enter");
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
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
    await page.addInitScript(() => {
      const order: string[] = [];
      (window as unknown as { announceOrder: string[] }).announceOrder = order;
      const note = (event: string) => {
        if (!order.includes(event)) order.push(event);
      };
      new MutationObserver(() => {
        for (const region of document.querySelectorAll('[role="status"][aria-live]')) {
          if (region.textContent?.includes("Redirecting...")) note("announced");
        }
        if (
          location.pathname === "/success" &&
          document.querySelector("h1")?.textContent === "Thank You!"
        ) {
          note("success page");
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto("/");
    const { email, submit } = waitlistForm(page);
    await email.fill(uniqueEmail());
    await submit.click();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { announceOrder: string[] }).announceOrder),
      )
      .toEqual(["announced", "success page"]);
  });

  test("failure: the destructive toast, the email kept, the button usable, then a retry", async ({
    page,
    emulator,
    consoleGuard,
  }) => {
    consoleGuard.expectSendFailureLog();
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const address = uniqueEmail();
    await emulator.fault({ count: 1, status: 400, match: { email: address } });
    await page.goto("/");
    const { email, submit } = waitlistForm(page);
    await email.fill(address);
    await submit.click();
    const toast = toasts(page).filter({ hasText: "Submission failed" });
    await expect(toast).toContainText(
      "There was a problem submitting your request. Please try again.",
    );
    await expect(page).toHaveURL(/\/$/);
    await expect(email).toHaveValue(address);
    await expect(submit).toHaveText("Join Waitlist");
    await expect(submit).toBeEnabled();
    const failureLogs = errors.filter((line) => line.startsWith("Waitlist submission failed:"));
    expect(failureLogs).toEqual(["Waitlist submission failed: HTTP 400 Bad Request"]);
    expect(await emulator.outbox(address)).toHaveLength(0);

    await submit.click();
    await expect(page).toHaveURL(/\/success$/);
    expect(await emulator.outbox(address)).toHaveLength(1);
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
    await page.goto("/");
    const { email, submit } = waitlistForm(page);
    await email.fill(address);
    await submit.click();
    await expect(toasts(page)).toHaveText([/Submission failed/]);
    await submit.click();
    await expect(toasts(page)).toHaveText([/Redirecting\.\.\./]);
    await expect(page.getByText("Submission failed")).toHaveCount(0);
  });

  test("a toast closes by itself after 5 s, by its close button, or by swiping right", async ({
    page,
    emulator,
    consoleGuard,
  }) => {
    consoleGuard.expectSendFailureLog();
    const address = uniqueEmail();
    await emulator.fault({ count: 3, status: 400, match: { email: address } });
    await page.goto("/");
    const { email, submit } = waitlistForm(page);
    await email.fill(address);
    const toast = toasts(page);

    // docs/behaviour.md, "Constants": shown for 5000 ms by default. Timed inside the page from the toast's insertion to
    // its removal (after its exit animation), so test-runner lag cannot skew it; the window is
    // wide enough for a busy machine and narrow enough to tell 5 s from any other duration.
    await page.evaluate(() => {
      const times: { shown?: number; gone?: number } = {};
      (window as unknown as { toastTimes: typeof times }).toastTimes = times;
      new MutationObserver(() => {
        const present = document.querySelector("[aria-label='Notifications (F8)'] li") !== null;
        if (present && times.shown === undefined) times.shown = performance.now();
        if (!present && times.shown !== undefined) times.gone ??= performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await submit.click();
    await expect(toast).toHaveCount(1);
    await expect(toast).toHaveCount(0, { timeout: 8000 });
    const { shown = 0, gone = 0 } = await page.evaluate(
      () => (window as unknown as { toastTimes: { shown?: number; gone?: number } }).toastTimes,
    );
    expect(gone - shown).toBeGreaterThan(4500);
    expect(gone - shown).toBeLessThan(6500);

    await submit.click();
    await expect(toast).toHaveCount(1);
    await toast.getByRole("button", { name: "Close notification" }).click();
    await expect(toast).toHaveCount(0);

    await submit.click();
    await expect(toast).toHaveCount(1);
    const box = await toast.boundingBox();
    if (!box) throw new Error("toast has no box");
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 5 });
    await page.mouse.move(box.x + 120, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(toast).toHaveCount(0);
  });

  test("F8 moves focus to the notifications", async ({ page, emulator, consoleGuard }) => {
    consoleGuard.expectSendFailureLog();
    const address = uniqueEmail();
    await emulator.fault({ count: 1, status: 400, match: { email: address } });
    await page.goto("/");
    const { email, submit } = waitlistForm(page);
    await email.fill(address);
    await submit.click();
    await expect(toasts(page)).toHaveText([/Submission failed/]);
    await page.keyboard.press("F8");
    await expect(
      page.getByRole("region", { name: "Notifications (F8)" }).getByRole("list"),
    ).toBeFocused();
  });
});
