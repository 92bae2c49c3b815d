/**
 * Delivery guarantees of the waitlist (docs/behaviour.md, "No lost signups" and "Anti-abuse, no CAPTCHA",
 * "Quality bars"): every failure mode ends in the Submission failed toast with the email kept, every
 * success reaches the emulator's outbox exactly once, and nothing is ever sent twice.
 */
import type { Page } from "@playwright/test";
import { WHOLE_BROWSER } from "../support/browser";
import { expectStillSending, runClockToFailure, runClockToSuccess } from "../support/clock-runs";
import { expectAnnouncedAssertively } from "../support/failing-send";
import { expect, test } from "../support/fixtures";
import { uniqueEmail } from "../support/guards";
import { holdRequests, watchRequests } from "../support/held-requests";
import { CLOCK_START, installClock, pauseClock, runClockUntil } from "../support/page-clock";
import { databaseNames, namesAddress, siteData } from "../support/site-data";
import { E2E_MISCONFIGURED_SITE_URL, E2E_PRODUCTION_SITE_URL } from "../support/stack-ports";
import { E2E_RETRY_BUDGET_MS, E2E_SEND_TIMEOUT_MS } from "../support/stack-timing";
import { type SendFault, submitWithFault } from "../support/submit-with-fault";
import { expectFailureShown, expectSuccessShown } from "../support/tab-records";
import { appIdle, gotoApp, reloadApp } from "../support/tabs";
import { toasts, waitlistForm } from "../support/waitlist-page";
import {
  EXPECTED_FIXED_PARAMS,
  FAILURE_TITLE,
  JOINING,
  KEPT_NOTE,
  PRIVACY_SUMMARY,
  WAITING,
} from "../support/words";

/**
 * The most page time two silent tries take: each given up on after twice the time limit, with the
 * longest wait before the second (2 s).
 */
const TWO_SILENT_TRIES_MS = 2 * (2 * E2E_SEND_TIMEOUT_MS) + 2000;
/**
 * Page time a paused clock's steps may pass while the records are written (IndexedDB answers in
 * the machine's time, not the page's): a bound on two silent tries gives it this much.
 */
const RECORD_WRITES_SLACK_MS = 1000;
/** The longest the app waits for a toast to be announced before it moves on (use-signup-endings.ts). */
const ANNOUNCE_WAIT_MAX_MS = 1000;

type FailureMode = { name: string; fault: SendFault; log: string };

test.describe("a refusal that trying again cannot fix: told at once", () => {
  const refusals: FailureMode[] = [
    { name: "HTTP 400", fault: { status: 400 }, log: "HTTP 400 Bad Request" },
    { name: "an unknown 4xx", fault: { status: 418 }, log: "HTTP 418 I'm a Teapot" },
  ];
  for (const mode of refusals) {
    test(`${mode.name}: Submission failed, the email kept, then a retry sends exactly once`, async ({
      page,
      emulator,
      failingSend: { failureLogs, requests, heardAssertively: announcements },
    }) => {
      const address = uniqueEmail("refused");
      const { submit } = await submitWithFault(page, { emulator, address, faults: [mode.fault] });
      await expectAnnouncedAssertively(announcements);
      await expectFailureShown(page, address);
      expect(failureLogs).toEqual([`Waitlist submission failed: ${mode.log}`]);
      expect(requests.count()).toBe(1);
      expect(await emulator.outbox(address)).toEqual([]);

      await submit.click();
      await expectSuccessShown(page);
      expect(requests.count()).toBe(2);
      const outbox = await emulator.outbox(address);
      expect(outbox).toHaveLength(1);
      expect(outbox[0]?.template_params).toEqual({ email: address, ...EXPECTED_FIXED_PARAMS });
      expect(outbox[0]?.lib_version).toBe("4.4.1");
      expect(failureLogs).toHaveLength(1);
    });
  }
});

test.describe("a send certainly not delivered: tried again for the visitor", () => {
  for (const [status, cause, words] of [
    [429, "a crowd", WAITING.crowd],
    [503, "a service in trouble", WAITING.trouble],
  ] as const) {
    test(`HTTP ${status} twice: the visitor is told it is still being sent, as ${cause}, then it arrives once, with no failure`, async ({
      page,
      emulator,
      failingSend: { failureLogs, requests, heardAssertively: announcements },
    }) => {
      const address = uniqueEmail(`retried-${status}`);
      await submitWithFault(page, {
        emulator,
        address,
        faults: [{ count: 2, status }],
        clock: "paused",
      });
      // Said once the first refusal is in, before any time has passed: no other cause comes in.
      await expectStillSending(page, words);
      expect(requests.count()).toBe(1);
      // The two tries after a refusal wait 1 to 2 s and 1 to 3 s (jittered): within the budget.
      await runClockToSuccess(page, requests, { withinMs: E2E_RETRY_BUDGET_MS });
      await expectSuccessShown(page);
      expect(requests.count()).toBe(3);
      expect(await emulator.outbox(address)).toHaveLength(1);
      expect(failureLogs).toEqual([]);
      expect(await announcements()).toEqual([]);
    });
  }

  // A cause that changes from try to try (503, 503, then 429): the kit's template,
  // cause-by-cause.spec.ts.

  test("HTTP 503 past the retry budget: Submission failed, the email kept", async ({
    page,
    emulator,
    failingSend: { failureLogs, requests },
  }) => {
    const address = uniqueEmail("outage");
    // More refusals than tries fit in the budget.
    await submitWithFault(page, {
      emulator,
      address,
      faults: [{ count: 30, status: 503 }],
      clock: "paused",
    });
    await expectStillSending(page, WAITING.trouble);
    // Tried again until the next wait would end past the budget, then told: never later than the
    // budget in page time. Three retries always fit in it (stack-timing.ts), so at least four tries.
    await runClockToFailure(page, requests, { withinMs: E2E_RETRY_BUDGET_MS });
    await expectFailureShown(page, address);
    expect(requests.count()).toBeGreaterThanOrEqual(4);
    expect(failureLogs).toEqual(["Waitlist submission failed: HTTP 503 Service Unavailable"]);
    expect(await emulator.outbox(address)).toEqual([]);
  });
});

test.describe("a send that may have arrived: tried once more, never twice", () => {
  const maybeDelivered: FailureMode[] = [
    { name: "HTTP 500", fault: { status: 500 }, log: "HTTP 500 Internal Server Error" },
    { name: "a dropped connection", fault: { drop: true }, log: "Failed to fetch" },
    {
      name: "no answer",
      fault: { hang: true },
      log: `EmailJS did not answer within ${2 * E2E_SEND_TIMEOUT_MS} ms`,
    },
  ];
  for (const mode of maybeDelivered) {
    test(`${mode.name} once: the second try arrives, with no failure shown`, async ({
      page,
      emulator,
      failingSend: { failureLogs, requests, heardAssertively: announcements },
    }) => {
      const address = uniqueEmail("maybe-once");
      await submitWithFault(page, { emulator, address, faults: [mode.fault], clock: "paused" });
      // No answer is given up on after twice the time limit, then tried again 1 to 2 s later; the
      // emulator leaves the first request of "no answer" open for good. The bound is the product's
      // worst case: both tries' allowance, the wait between them and the announcement's wait.
      await runClockToSuccess(page, requests, {
        withinMs: TWO_SILENT_TRIES_MS + ANNOUNCE_WAIT_MAX_MS,
        hanging: mode.fault.hang ? 1 : 0,
      });
      await expectSuccessShown(page);
      expect(requests.count()).toBe(2);
      expect(await emulator.outbox(address)).toHaveLength(1);
      expect(failureLogs).toEqual([]);
      expect(await announcements()).toEqual([]);
    });

    test(`${mode.name} twice: Submission failed after two tries, the email kept`, async ({
      page,
      emulator,
      failingSend: { failureLogs, requests, heardAssertively: announcements },
    }) => {
      // On a dropped connection Chromium also logs "Failed to load resource: net::ERR_EMPTY_RESPONSE".
      const address = uniqueEmail("maybe-twice");
      await submitWithFault(page, {
        emulator,
        address,
        faults: [{ ...mode.fault, count: 2 }],
        clock: "paused",
      });
      // The retry starts within the budget; a silent one is waited for twice the time limit. Each
      // request is written to the records first, which takes the machine's time: a step of the
      // page's clock may pass meanwhile, so the bound has one second to spare, as the once case's.
      await runClockToFailure(page, requests, {
        withinMs: Math.max(E2E_RETRY_BUDGET_MS, TWO_SILENT_TRIES_MS) + RECORD_WRITES_SLACK_MS,
        hanging: mode.fault.hang ? 2 : 0,
      });
      // Radix says it on the next animation frame: a step of the page's clock.
      const heard = async () =>
        (await announcements()).some((text) => text.includes(FAILURE_TITLE));
      await runClockUntil(page, heard);
      await expectFailureShown(page, address);
      expect(failureLogs).toEqual([`Waitlist submission failed: ${mode.log}`]);
      expect(requests.count()).toBe(2);
      expect(await emulator.outbox(address)).toEqual([]);
    });
  }
});

test.describe("one send per submission", () => {
  test("a double click on Join Waitlist sends once", async ({ page, emulator }) => {
    const requests = watchRequests(page);
    const address = uniqueEmail("double-click");
    // The first send waits for the test, so the second click certainly lands while it is in
    // flight; a second send would be held too, and counted.
    const held = await holdRequests(page);
    await gotoApp(page, "/");
    const { email, submit } = waitlistForm(page);
    await email.fill(address);
    await submit.dblclick();
    const first = await held.next();
    await expect(submit).toHaveText(JOINING);
    await first.release();
    await expectSuccessShown(page);
    expect(requests.count()).toBe(1);
    expect(await emulator.outbox(address)).toHaveLength(1);
  });

  test("repeated Enter in the field sends once", async ({ page, emulator }) => {
    const requests = watchRequests(page);
    const address = uniqueEmail("enter");
    // Held until every press has landed, so each lands while the one send is in flight.
    const held = await holdRequests(page);
    await gotoApp(page, "/");
    const { email, submit } = waitlistForm(page);
    await email.fill(address);
    // The field keeps focus: every press is an implicit submission of the form.
    for (let press = 0; press < 4; press += 1) await page.keyboard.press("Enter");
    const first = await held.next();
    await expect(submit).toHaveText(JOINING);
    await first.release();
    await expectSuccessShown(page);
    expect(requests.count()).toBe(1);
    expect(await emulator.outbox(address)).toHaveLength(1);
  });
});

test.describe("the same address again", () => {
  test("after a success, the same address in any letter case goes to /success unsent", async ({
    page,
    emulator,
  }) => {
    const requests = watchRequests(page);
    const address = uniqueEmail("repeat");
    await gotoApp(page, "/");
    const { email, submit } = waitlistForm(page);
    await email.fill(address);
    await submit.click();
    await expectSuccessShown(page);
    expect(requests.count()).toBe(1);

    for (const again of [address, address.toUpperCase()]) {
      // A fresh page load, so the Redirecting... toast below can only come from this submission.
      await gotoApp(page, "/");
      await expect(toasts(page)).toHaveCount(0);
      await email.fill(again);
      await submit.click();
      await expectSuccessShown(page);
      expect(requests.count(), `no request for ${again}`).toBe(1);
      expect(await emulator.outbox(again)).toHaveLength(again === address ? 1 : 0);
    }
    expect(await emulator.outbox(address)).toHaveLength(1);
  });
});

const DAY_MS = 24 * 60 * 60 * 1000;

test.describe("what the browser keeps of a signup", () => {
  test("a delivered address is kept in no readable form, still never sent twice, and after 30 days not at all", async ({
    page,
    emulator,
  }) => {
    await installClock(page);
    const requests = await watchRequests(page);
    const address = uniqueEmail("kept-hashed");
    await gotoApp(page);
    const { email, submit } = waitlistForm(page);
    await email.fill(address);
    await submit.click();
    await expectSuccessShown(page);
    const held = await siteData(page);
    expect(held.length, "something is kept to never send it twice").toBeGreaterThan(0);
    expect(namesAddress(held, address), held.join("\n")).toBe(false);

    // 29 days later the same address, typed in capitals, still goes to /success unsent.
    await page.clock.setSystemTime(CLOCK_START + 29 * DAY_MS);
    await gotoApp(page);
    await email.fill(address.toUpperCase());
    await submit.click();
    await expectSuccessShown(page);
    expect(requests.count(), "no second request").toBe(1);

    // Past 30 days from the delivery, nothing of it is left, and it would be sent again.
    await page.clock.setSystemTime(CLOCK_START + 30 * DAY_MS + 60_000);
    await gotoApp(page);
    await appIdle(page);
    expect(await siteData(page), "site data after 30 days").toEqual([]);
    await email.fill(address);
    await submit.click();
    await expectSuccessShown(page);
    expect(requests.count()).toBe(2);
    expect(await emulator.outbox(address)).toHaveLength(2);
  });

  test("what the site keeps is one database the privacy notice names, and nothing else", async ({
    page,
    consoleGuard,
    emulator,
  }) => {
    consoleGuard.expectSendFailureLog();
    const delivered = uniqueEmail("named-delivered");
    const failed = uniqueEmail("named-failed");
    await emulator.fault({ count: 1, status: 400, match: { email: failed } });
    // The production build: the SDK's limitRate is on there, and keeps its stamp in the page.
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, "webdriver", { get: () => false }),
    );
    await gotoApp(page, `${E2E_PRODUCTION_SITE_URL}/`);
    const { form, email, submit } = waitlistForm(page);
    await email.fill(failed);
    await submit.click();
    await expectFailureShown(page, failed);
    await email.fill(delivered);
    await submit.click();
    await expectSuccessShown(page);
    const held = await siteData(page);
    expect(held.filter((line) => !line.startsWith("indexedDB "))).toEqual([]);
    const names = await databaseNames(page);
    expect(names.length).toBeGreaterThan(0);
    await gotoApp(page, `${E2E_PRODUCTION_SITE_URL}/`);
    await form.getByText(PRIVACY_SUMMARY).click();
    const kept = form
      .getByRole("definition")
      .filter({ hasText: "Until your address is delivered" });
    for (const name of names) await expect(kept).toContainText(`"${name}"`);
  });

  test("what an earlier deploy left in Web Storage is gone at the next visit", async ({ page }) => {
    await gotoApp(page);
    await page.evaluate(() => {
      localStorage.setItem("bulwark:waitlist:sent", JSON.stringify(["ada@example.com"]));
      localStorage.setItem("bulwark:waitlist:rate", String(Date.now()));
      sessionStorage.setItem("bulwark:waitlist:signed-up", "1");
      localStorage.setItem("another-script", "kept");
    });
    await reloadApp(page);
    await appIdle(page);
    expect(await siteData(page)).toEqual(["localStorage another-script=kept"]);
  });

  test("a signup a closed tab left mid-send, its lock freed with it: nothing of it is kept 40 days on", async ({
    page,
    context,
  }) => {
    const address = uniqueEmail("left-40-days");
    await installClock(page);
    await gotoApp(page);
    const { email, submit } = waitlistForm(page);
    await email.fill(address);
    // Its request is held out, and the tab closes while it is out: its record is left in flight.
    const held = await holdRequests(page, 1);
    await submit.click();
    await held.arrived();
    expect(namesAddress(await siteData(page), address)).toBe(true);
    await page.close();
    const next = await context.newPage();
    await next.clock.install({ time: CLOCK_START + 40 * DAY_MS });
    await gotoApp(next);
    await appIdle(next);
    expect(await siteData(next)).toEqual([]);
    await expect(next.getByRole("region", { name: "Your waitlist signup" })).toHaveCount(0);
    await expect(waitlistForm(next).email).toHaveValue("");
  });

  test("a failed address is offered again for a week, then forgotten", async ({
    page,
    consoleGuard,
    emulator,
  }) => {
    consoleGuard.expectSendFailureLog();
    await installClock(page);
    const address = uniqueEmail("kept-a-week");
    await emulator.fault({ count: 1, status: 400, match: { email: address } });
    await gotoApp(page);
    const { form, email, submit } = waitlistForm(page);
    await email.fill(address);
    await submit.click();
    await expectFailureShown(page, address);

    await page.clock.setSystemTime(CLOCK_START + 6 * DAY_MS);
    await reloadApp(page);
    await expect(email).toHaveValue(address);
    await expect(form.getByText(KEPT_NOTE)).toBeVisible();

    await page.clock.setSystemTime(CLOCK_START + 7 * DAY_MS + 60_000);
    await reloadApp(page);
    await appIdle(page);
    await expect(email).toHaveValue("");
    await expect(form.getByText(KEPT_NOTE)).toHaveCount(0);
    expect(namesAddress(await siteData(page), address)).toBe(false);
    expect(await emulator.outbox(address)).toEqual([]);
  });
});

test.describe("a reload after a failure", () => {
  test("re-offers the email with a note, and a successful retry forgets it", async ({
    page,
    emulator,
    consoleGuard,
  }) => {
    consoleGuard.expectSendFailureLog();
    const address = uniqueEmail("reload");
    await emulator.fault({ count: 1, status: 400, match: { email: address } });
    await gotoApp(page, "/");
    const { form, email, submit } = waitlistForm(page);
    await expect(form.getByText(KEPT_NOTE)).toHaveCount(0);
    await email.fill(address);
    await submit.click();
    await expectFailureShown(page, address);

    await reloadApp(page);
    await expect(email).toHaveValue(address);
    await expect(form.getByText(KEPT_NOTE)).toBeVisible();
    await expect(email).toHaveAccessibleDescription(new RegExp(KEPT_NOTE.replace(/\./g, "\\.")));
    expect(await emulator.outbox(address)).toEqual([]);

    await submit.click();
    await expectSuccessShown(page);
    expect(await emulator.outbox(address)).toHaveLength(1);

    await gotoApp(page, "/");
    await appIdle(page);
    await expect(email).toHaveValue("");
    await expect(form.getByText(KEPT_NOTE)).toHaveCount(0);
  });
});

test.describe("honeypot", () => {
  /** The honeypot as a form bot finds it: the form's one text input (no role or label reaches it). */
  const honeypotOf = (page: Page) => waitlistForm(page).form.locator('input[type="text"]');

  test("a filled honeypot pretends success, sends nothing and logs no conversion", async ({
    page,
    emulator,
    consoleGuard,
  }) => {
    const requests = watchRequests(page);
    const address = uniqueEmail("honeypot");
    await gotoApp(page, "/");
    const { form, email, submit } = waitlistForm(page);
    // The honeypot is off the accessibility tree, so no role or label query can reach it (only
    // the visible email field is a textbox); a bot fills every field it finds by script.
    await expect(form.getByRole("textbox")).toHaveCount(1);
    await honeypotOf(page).evaluate((field: HTMLInputElement) => {
      field.value = "https://spam.example.com";
    });
    await email.fill(address);
    await submit.click();
    await expectSuccessShown(page);
    expect(requests.count()).toBe(0);
    expect(await emulator.outbox(address)).toEqual([]);
    expect(consoleGuard.logs.filter((line) => line.startsWith("[conversion]"))).toEqual([]);
  });

  test("people and their tools cannot reach it: inert, unnamed for fillers, autocomplete off", async ({
    page,
  }) => {
    await gotoApp(page, "/");
    const honeypot = honeypotOf(page);
    await expect(honeypot).toHaveCount(1);
    // A click, a tap or Tab would have to focus it first: it cannot take focus at all.
    await honeypot.evaluate((field: HTMLInputElement) => field.focus());
    await expect(honeypot).not.toBeFocused();
    await expect(honeypot).toHaveAttribute("autocomplete", "off");
    // No word that browsers' autofill or password managers map to a value of the person's.
    const name = (await honeypot.getAttribute("name")) ?? "";
    expect(name).not.toMatch(
      /web|site|url|link|home|name|mail|phone|tel|addr|street|city|zip|post|code|company|org|country|user|login|pass|card|title|fax/i,
    );
  });

  // Autofill is the whole browser's, not the headless shell's.
  test("Chromium autofill of a saved address profile fills the email only, and it is sent once", {
    tag: WHOLE_BROWSER,
  }, async ({ page, emulator }) => {
    const address = uniqueEmail("autofill");
    await gotoApp(page, "/");
    const { email, submit } = waitlistForm(page);
    const cdp = await page.context().newCDPSession(page);
    const filled = new Promise<{ name: string; value: string }[]>((done) => {
      cdp.on("Autofill.addressFormFilled", (event) => done(event.filledFields));
    });
    await cdp.send("Autofill.enable");
    // Chromium's own autofill, from the email field, with a whole saved profile: what a visitor
    // picking their address from the browser's suggestions gets.
    await email.focus();
    const { result } = await cdp.send("Runtime.evaluate", { expression: "document.activeElement" });
    const { node } = await cdp.send("DOM.describeNode", { objectId: result.objectId });
    const profile = {
      NAME_FULL: "Ada Lovelace",
      EMAIL_ADDRESS: address,
      COMPANY_NAME: "Analytical Engines Ltd",
      ADDRESS_HOME_LINE1: "12 St James's Square",
      ADDRESS_HOME_CITY: "London",
      ADDRESS_HOME_ZIP: "SW1Y 4JH",
      ADDRESS_HOME_COUNTRY: "GB",
      PHONE_HOME_WHOLE_NUMBER: "+442079460000",
    };
    await cdp.send("Autofill.trigger", {
      fieldId: node.backendNodeId,
      address: { fields: Object.entries(profile).map(([name, value]) => ({ name, value })) },
    });
    await expect(email).toHaveValue(address);
    expect((await filled).filter((field) => field.value !== "")).toEqual([
      expect.objectContaining({ name: "email", value: address }),
    ]);
    await expect(honeypotOf(page)).toHaveValue("");
    await submit.click();
    await expectSuccessShown(page);
    expect(await emulator.outbox(address)).toHaveLength(1);
  });
});

test.describe("refusals by the SDK itself", () => {
  test("451: the production build refuses a headless browser", async ({
    page,
    emulator,
    failingSend: { failureLogs, requests, heardAssertively: announcements },
  }) => {
    const address = uniqueEmail("headless");
    await gotoApp(page, `${E2E_PRODUCTION_SITE_URL}/`);
    // Playwright's browser reports navigator.webdriver = true: the SDK's blockHeadless applies.
    expect(await page.evaluate(() => navigator.webdriver)).toBe(true);
    const { email, submit } = waitlistForm(page);
    await email.fill(address);
    await submit.click();
    await expectAnnouncedAssertively(announcements);
    await expectFailureShown(page, address);
    expect(failureLogs).toEqual([
      "Waitlist submission failed: HTTP 451 Unavailable For Headless Browser",
    ]);
    expect(requests.count()).toBe(0);
    expect(await emulator.outbox(address)).toEqual([]);
  });

  test("limitRate never refuses the automatic retry of a failed send", async ({
    page,
    emulator,
    failingSend: { failureLogs, requests },
  }) => {
    // Look like a visitor's browser, so blockHeadless lets the send reach limitRate.
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, "webdriver", { get: () => false }),
    );
    const address = uniqueEmail("throttle");
    // The SDK stamps its one-a-second slot before sending (on the page's clock, as the retry's
    // wait), so the failed send uses it; the retry waits past it and goes out.
    await submitWithFault(page, {
      emulator,
      address,
      faults: [{ status: 500 }],
      clock: "paused",
      at: `${E2E_PRODUCTION_SITE_URL}/`,
    });
    expect(await page.evaluate(() => navigator.webdriver)).toBe(false);
    await runClockToSuccess(page, requests, { withinMs: E2E_RETRY_BUDGET_MS });
    await expectSuccessShown(page);
    expect(requests.count()).toBe(2);
    expect(failureLogs).toEqual([]);
    const outbox = await emulator.outbox(address);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.template_params).toEqual({ email: address, ...EXPECTED_FIXED_PARAMS });
  });

  test("missing ids: a build without a template id reports the failure", async ({
    page,
    emulator,
    failingSend: { failureLogs, requests, heardAssertively: announcements },
  }) => {
    const address = uniqueEmail("misconfigured");
    await gotoApp(page, `${E2E_MISCONFIGURED_SITE_URL}/`);
    const { email, submit } = waitlistForm(page);
    await email.fill(address);
    await submit.click();
    await expectAnnouncedAssertively(announcements);
    await expectFailureShown(page, address);
    expect(failureLogs).toHaveLength(1);
    expect(failureLogs[0]).toContain("The template ID is required");
    expect(requests.count()).toBe(0);
    expect(await emulator.outbox(address)).toEqual([]);
  });
});

test.describe("an answer later than the time limit", () => {
  test("the visitor is told it is still being sent, and it arrives once, with no failure", async ({
    page,
    emulator,
    failingSend: { failureLogs, requests },
  }) => {
    const address = uniqueEmail("late");
    // The answer comes when the test lets the send go: past the time limit, within the
    // twice-as-long wait before a request is given up on.
    const held = await holdRequests(page);
    await installClock(page);
    await gotoApp(page, "/");
    await pauseClock(page);
    const { email, submit } = waitlistForm(page);
    await email.fill(address);
    await submit.click();
    const send = await held.next();
    // The time limit's timer is wired and ends in its words (its exact length is
    // waitlist-signup.test.ts's: "is waited for past the time limit...").
    await page.clock.runFor(E2E_SEND_TIMEOUT_MS);
    // Not yet known to be a crowd or an outage: only that it is taking a while.
    await expectStillSending(page, WAITING.slow);
    await send.release();
    await runClockToSuccess(page, requests, { withinMs: E2E_SEND_TIMEOUT_MS });
    await expectSuccessShown(page);
    expect(requests.count()).toBe(1);
    expect(failureLogs).toEqual([]);
    expect(await emulator.outbox(address)).toHaveLength(1);
  });
});

test.describe("a gateway between EmailJS and the visitor fails", () => {
  test("HTTP 502 once: it may have arrived, so it is tried once more, arrives once, and no failure is shown", async ({
    page,
    emulator,
    failingSend: { failureLogs, requests, heardAssertively: announcements },
  }) => {
    const address = uniqueEmail("bad-gateway");
    await submitWithFault(page, { emulator, address, faults: [{ status: 502 }], clock: "paused" });
    // A 5xx is "maybe delivered" (retry-policy.ts): one more try, within the retry budget.
    await runClockToSuccess(page, requests, { withinMs: E2E_RETRY_BUDGET_MS });
    await expectSuccessShown(page);
    expect(requests.count()).toBe(2);
    expect(await emulator.outbox(address)).toHaveLength(1);
    expect(failureLogs).toEqual([]);
    expect(await announcements()).toEqual([]);
  });
});
