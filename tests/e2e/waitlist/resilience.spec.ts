/**
 * No signup lost at any moment or in any browser setting (docs/behaviour.md, "Signup before the app
 * starts", "JavaScript off", "Storage blocked", "Lazy parts and deploys", "One address, many tabs";
 * "Quality bars": Hydration). All on the production build (anti-abuse on) against the emulator; every test checks
 * that the address never appears in a request URL and what the emulator's outbox holds.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "@playwright/test";
import type { EmulatorControls } from "../../../server/emulator/client";
import type { Fault } from "../../../server/emulator/faults";
import {
  CHROMIUM_ARGS,
  chromiumExecutable,
  headlessShellExecutable,
  STAY_ON_THIS_MACHINE,
  WHOLE_BROWSER,
} from "../support/browser";
import { expect, test } from "../support/fixtures";
import { guardUrls, uniqueEmail } from "../support/guards";
import {
  APP_SCRIPT,
  holdAppScript,
  holdRequests,
  isEmailRequest,
  PENDING_NOTE,
  watchRequests,
} from "../support/held-requests";
import {
  CLOCK_START,
  pauseClockBeforeLoad,
  runClockUntilShown,
  settled,
  UNTIL_TEST_TIMEOUT,
} from "../support/page-clock";
import { pageRecord } from "../support/page-record";
import { armRecorders } from "../support/recorders";
import { namesAddress, siteData } from "../support/site-data";
import { E2E_PRODUCTION_SITE_URL } from "../support/stack-ports";
import { E2E_SEND_TIMEOUT_MS } from "../support/stack-timing";
import { expectFailureShown, expectSuccessShown, toastsShown } from "../support/tab-records";
import { appIdle, appLive, gotoApp, PRELOADED_MARK, reloadApp } from "../support/tabs";
import { waitlistForm } from "../support/waitlist-page";
import {
  FAILURE_TITLE,
  INERT_HINT,
  INVALID,
  JOIN,
  JOINING,
  KEPT_NOTE,
  LEARN_MORE,
  NEEDS_JAVASCRIPT,
  NOT_STARTED_NOTE,
  VIEW_DETAILS,
  WAITING,
} from "../support/words";

/** Lighthouse's slow 4G: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

// A person's browser, not an automated one: the SDK's blockHeadless refuses navigator.webdriver.
const A_PERSONS_BROWSER = [
  ...CHROMIUM_ARGS,
  STAY_ON_THIS_MACHINE,
  "--disable-blink-features=AutomationControlled",
];
test.use({
  baseURL: E2E_PRODUCTION_SITE_URL,
  launchOptions: {
    executablePath: headlessShellExecutable(),
    args: A_PERSONS_BROWSER,
  },
});

/**
 * A Chromium of its own whose profile blocks something for every site, as a visitor's settings do
 * (javascript or cookies: 2 = block); Playwright's own switches only emulate some of it. The whole
 * browser: the headless shell ignores a profile's settings.
 */
async function launchWithBlocked(
  setting: "javascript" | "cookies",
): Promise<{ context: BrowserContext; page: Page; close: () => Promise<void> }> {
  const profile = await mkdtemp(join(tmpdir(), `bulwark-no-${setting}-`));
  await mkdir(join(profile, "Default"));
  await writeFile(
    join(profile, "Default", "Preferences"),
    JSON.stringify({ profile: { default_content_setting_values: { [setting]: 2 } } }),
  );
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumExecutable(),
    args: A_PERSONS_BROWSER,
    baseURL: E2E_PRODUCTION_SITE_URL,
  });
  await armRecorders(context);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Runs the paused clock `ms` and resolves once `page` has run what it put off until idle and
 * rendered what that changed (tabs.ts's appIdle, on a clock the test drives).
 */
async function appIdleWhileClockRuns(page: Page, ms: number) {
  const idle = page.evaluate(
    () => new Promise((done) => requestIdleCallback(() => requestIdleCallback(() => done(null)))),
  );
  await page.clock.runFor(ms);
  await idle;
}

async function waitForPreloads(page: Page) {
  await page.waitForFunction(
    (mark) => performance.getEntriesByName(mark).length > 0,
    PRELOADED_MARK,
  );
}

test.describe("a submit before the app starts is kept", { tag: "@tabs" }, () => {
  for (const how of ["Enter", "a click"] as const) {
    test(`by ${how}: no navigation, the address stays, then it is sent once`, async ({
      page,
      emulator,
    }) => {
      const address = uniqueEmail("early");
      const app = await holdAppScript(page);
      await page.goto("/", { waitUntil: "commit" });
      await app.arrived();
      const { email, submit } = waitlistForm(page);
      await email.fill(address);
      if (how === "Enter") {
        await email.press("Enter");
        await email.press("Enter");
      } else {
        await submit.click();
      }
      // The loader keeps it: the button says so, the page stays, the field keeps the address.
      await expect(submit).toHaveText(JOINING);
      await expect(page).toHaveURL(`${E2E_PRODUCTION_SITE_URL}/`);
      await expect(email).toHaveValue(address);
      expect(await emulator.outbox(address)).toEqual([]);

      await app.release();
      await expectSuccessShown(page);
      expect(await emulator.outbox(address)).toHaveLength(1);
    });
  }

  test("a correction made while it waits for the app is what is sent", async ({
    page,
    emulator,
  }) => {
    const typo = uniqueEmail("typo").replace("@example.com", "@exmaple.com");
    const fixed = typo.replace("@exmaple.com", "@example.com");
    const app = await holdAppScript(page);
    await page.goto("/", { waitUntil: "commit" });
    await app.arrived();
    const { email, submit } = waitlistForm(page);
    await email.fill(typo);
    await email.press("Enter");
    await expect(submit).toHaveText(JOINING);
    await email.fill(fixed);
    await app.release();
    await expectSuccessShown(page);
    expect(await emulator.outbox(fixed)).toHaveLength(1);
    expect(await emulator.outbox(typo)).toEqual([]);
  });

  test("once the form has said nothing was sent, an app that starts late sends it and says so", async ({
    page,
    emulator,
  }) => {
    const address = uniqueEmail("late-app");
    await pauseClockBeforeLoad(page);
    const app = await holdAppScript(page);
    await page.goto("/", { waitUntil: "commit" });
    await app.arrived();
    const { email, submit } = waitlistForm(page);
    await email.fill(address);
    await submit.click();
    await expect(submit).toHaveText(JOINING);
    // The loader's give-up is wired to the build's time limit and ends in its words (its exact
    // length is inline-loader.test.ts's: "says nothing was sent once the give-up time passes").
    const note = page.getByText(NOT_STARTED_NOTE);
    await page.clock.runFor(E2E_SEND_TIMEOUT_MS);
    await expect(note).toBeVisible();
    expect(await emulator.outbox(address)).toEqual([]);
    // The app starts late, and its timers (the toast, the move to /success) run as they would.
    await page.clock.resume();
    await app.release();
    await expectSuccessShown(page);
    expect(await emulator.outbox(address)).toHaveLength(1);
  });

  test("a field emptied while it waits for the app: nothing is sent", async ({ page }) => {
    const address = uniqueEmail("taken-back");
    const requests = watchRequests(page);
    const app = await holdAppScript(page);
    await page.goto("/", { waitUntil: "commit" });
    await app.arrived();
    const { email, submit } = waitlistForm(page);
    await email.fill(address);
    await email.press("Enter");
    await expect(submit).toHaveText(JOINING);
    await email.fill("");
    await app.release();
    await appLive(page);
    await expect(submit).toHaveText(JOIN);
    // A send would have kept the address as being sent the moment the app took the form over.
    expect(namesAddress(await siteData(page), address)).toBe(false);
    await expect(page.getByText(INVALID)).toHaveCount(0);
    await appIdle(page);
    expect(requests.count(), "requests").toBe(0);
  });

  test("if the app never starts, the form says within the time limit that nothing was sent", async ({
    page,
    emulator,
    consoleGuard,
  }) => {
    consoleGuard.expectAssetLoadFailures();
    const address = uniqueEmail("never");
    await pauseClockBeforeLoad(page);
    await page.route(APP_SCRIPT, (route) => route.abort());
    // The app's module is asked for once the page is painted, which may be after `load`: its failure
    // comes first here, so the submit is kept and waits out the time limit (a failure after the
    // submit ends the wait at once, the loader's other way to say the same).
    const appFailed = page.waitForEvent("requestfailed", (request) =>
      APP_SCRIPT.test(request.url()),
    );
    await page.goto("/", { waitUntil: "load" });
    await appFailed;
    const { email, submit } = waitlistForm(page);
    await email.fill(address);
    await submit.click();
    await expect(submit).toHaveText(JOINING);
    // The loader's give-up is wired to the build's time limit and ends in its words (its exact
    // length is inline-loader.test.ts's: "says nothing was sent once the give-up time passes").
    const note = page.getByText(NOT_STARTED_NOTE);
    await page.clock.runFor(E2E_SEND_TIMEOUT_MS);
    await expect(note).toBeVisible();
    await expect(submit).toHaveText(JOIN);
    await expect(email).toHaveValue(address);
    await expect(page).toHaveURL(`${E2E_PRODUCTION_SITE_URL}/`);
    expect(await emulator.outbox(address)).toEqual([]);
  });

  test("with a 4x slower CPU and slow 4G, an address typed and entered at once is sent once", async ({
    page,
    emulator,
  }) => {
    const address = uniqueEmail("throttled");
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    // Notes, at each submit, whether the app was live yet (registered before the page's own script).
    await page.addInitScript(() => {
      const seen: boolean[] = [];
      Object.assign(window, { submitsWhileAppLive: seen });
      document.addEventListener(
        "submit",
        () => seen.push(document.documentElement.hasAttribute("data-hydrated")),
        true,
      );
    });
    await page.goto("/", { waitUntil: "commit" });
    // As autofill would: the address lands in the field at once, then Enter twice, as fast as that.
    await waitlistForm(page).email.focus();
    await page.keyboard.insertText(address);
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    const live = await pageRecord<boolean[]>(page, "submitsWhileAppLive");
    console.log(`early submit: app live at each submit: ${JSON.stringify(live)}`);
    await expectSuccessShown(page);
    expect(await emulator.outbox(address)).toHaveLength(1);
  });
});

test.describe("JavaScript off", () => {
  test("a submit goes nowhere: the address stays in the field, out of every URL", async ({
    emulator,
  }) => {
    // The browser's own "Don't allow sites to use JavaScript": <noscript> shows, as for a visitor.
    const { context, page, close } = await launchWithBlocked("javascript");
    try {
      const address = uniqueEmail("no-js");
      const checkUrls = guardUrls(context);
      const navigations: string[] = [];
      page.on("framenavigated", (frame) => navigations.push(frame.url()));
      // Without scripts the page's guards cannot listen: the console is where a blocked submit
      // (form-action 'none') would be told.
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      await page.goto("/", { waitUntil: "load" });
      const { email, submit } = waitlistForm(page);
      // Playwright's text and role engines skip <noscript>, so a CSS selector finds the note.
      const note = page.locator("noscript > p");
      await expect(note).toHaveText(NEEDS_JAVASCRIPT);
      await expect(note).toBeVisible();
      await email.fill(address);
      await email.press("Enter");
      await submit.click();
      // A navigation would have replaced the field and shown up in the list.
      await expect(email).toHaveValue(address);
      await expect(page).toHaveURL(`${E2E_PRODUCTION_SITE_URL}/`);
      expect(navigations).toEqual([`${E2E_PRODUCTION_SITE_URL}/`]);
      expect(errors).toEqual([]);
      expect(await emulator.outbox(address)).toEqual([]);
      checkUrls();
    } finally {
      await close();
    }
  });
});

test.describe("site data blocked: the tab works alone", () => {
  test("with cookies blocked, the app starts and a signup is sent once, with nothing kept", async ({
    emulator,
  }) => {
    // The browser's "Block all cookies": Web Storage throws, IndexedDB and Web Locks refuse.
    const { context, page, close } = await launchWithBlocked("cookies");
    try {
      const errors: string[] = [];
      const address = uniqueEmail("no-storage");
      const checkUrls = guardUrls(context);
      page.on("pageerror", (error) => errors.push(error.message));
      await gotoApp(page);
      const cookieKept = await page.evaluate(() => {
        // biome-ignore lint/suspicious/noDocumentCookie: the plainest probe of a blocked cookie jar.
        document.cookie = "probe=1";
        return document.cookie.includes("probe=1");
      });
      expect(cookieKept, "cookies are blocked in this profile").toBe(false);
      const { email, submit } = waitlistForm(page);
      await email.fill(address);
      await submit.click();
      await expectSuccessShown(page);
      expect(await emulator.outbox(address)).toHaveLength(1);
      expect(errors).toEqual([]);
      checkUrls();
    } finally {
      await close();
    }
  });

  test("where IndexedDB refuses to open, a failed address stays in the field and a retry is sent once", async ({
    page,
    emulator,
    consoleGuard,
  }) => {
    consoleGuard.expectSendFailureLog();
    await page.context().addInitScript(() => {
      IDBFactory.prototype.open = () => {
        throw new DOMException(
          "The user denied permission to access the database.",
          "UnknownError",
        );
      };
    });
    const address = uniqueEmail("no-indexeddb");
    await emulator.fault({ count: 1, status: 400, match: { email: address } });
    await gotoApp(page);
    const { email, submit } = waitlistForm(page);
    await email.fill(address);
    await submit.click();
    await expectFailureShown(page, address);
    await submit.click();
    await expectSuccessShown(page);
    expect(await emulator.outbox(address)).toHaveLength(1);
  });
});

test.describe("scripts that can no longer be fetched after load", () => {
  test("offline: an inert button keeps the page, and its tooltip comes once back online", async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.expectAssetLoadFailures();
    await gotoApp(page, "/");
    await waitForPreloads(page);
    await page.context().setOffline(true);
    const viewDetails = page.getByRole("button", { name: VIEW_DETAILS });
    await viewDetails.hover();
    await viewDetails.focus();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(viewDetails).toBeVisible();
    await page.context().setOffline(false);
    await page.getByRole("link", { name: LEARN_MORE, exact: true }).hover();
    await viewDetails.hover();
    await expect(page.getByRole("tooltip")).toHaveText(INERT_HINT);
  });

  test("offline: the address is kept and still being sent; back online, it is sent once", async ({
    page,
    emulator,
    consoleGuard,
  }) => {
    consoleGuard.expectSendFailureLog();
    consoleGuard.expectAssetLoadFailures();
    const address = uniqueEmail("offline");
    await gotoApp(page, "/");
    await waitForPreloads(page);
    await page.context().setOffline(true);
    const { email, submit } = waitlistForm(page);
    await email.fill(address);
    await submit.click();
    await expect(page.getByText(WAITING.offline)).toBeVisible();
    // Offline is not a crowd, nor a service in trouble.
    await expect(page.getByText(WAITING.crowd)).toHaveCount(0);
    await expect(page.getByText(WAITING.trouble)).toHaveCount(0);
    await expect(submit).toHaveText(JOINING);
    await expect(email).toHaveValue(address);
    await page.context().setOffline(false);
    await expectSuccessShown(page);
    // Never told it failed, at any moment of the wait (the tab's own record of its toasts).
    expect((await toastsShown(page)).filter((shown) => shown.text.includes(FAILURE_TITLE))).toEqual(
      [],
    );
    expect(await emulator.outbox(address)).toHaveLength(1);
  });

  test("after a redeploy removed the old files, a send still ends on /success with its toast", async ({
    page,
    emulator,
    consoleGuard,
  }) => {
    consoleGuard.expectAssetLoadFailures();
    const address = uniqueEmail("redeploy");
    await gotoApp(page, "/");
    await waitForPreloads(page);
    await page.route("**/assets/**", (route) => route.fulfill({ status: 404, body: "" }));
    await page.getByRole("button", { name: VIEW_DETAILS }).hover();
    const { email, submit } = waitlistForm(page);
    await email.fill(address);
    await submit.click();
    await expectSuccessShown(page);
    expect(await emulator.outbox(address)).toHaveLength(1);
  });
});

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

// In the whole browser, whose site storage lives in a process of its own (the headless shell keeps
// it in the browser's): what a tab reads under the lock crosses processes, as on a visitor's machine.
test.describe("one address, many tabs", { tag: ["@tabs", WHOLE_BROWSER] }, () => {
  /**
   * `count` tabs of one browser at /, their clocks stopped, the one at `odd.index` set `odd.offsetMs`
   * off the others': a request stays out as long as the test holds it, however slow the machine, and
   * no time limit passes meanwhile (an answer later than twice the limit is tried again by design: a
   * duplicate beats a loss).
   */
  async function tabsOnStoppedClocks(
    page: Page,
    count: number,
    odd?: { index: number; offsetMs: number },
  ): Promise<Page[]> {
    const tabs = [page];
    while (tabs.length < count) tabs.push(await page.context().newPage());
    for (const [index, tab] of tabs.entries()) {
      await pauseClockBeforeLoad(tab, index === odd?.index ? odd.offsetMs : 0);
      await gotoApp(tab, "/");
    }
    return tabs;
  }

  /** Once `address` has arrived, the tabs' time runs on, for the toasts and the move to /success. */
  async function onceArrived(tabs: Page[], address: string, emulator: EmulatorControls) {
    await expect
      .poll(async () => (await emulator.outbox(address)).length, UNTIL_TEST_TIMEOUT)
      .toBe(1);
    for (const tab of tabs) await tab.clock.resume();
  }

  for (const [how, skewMs] of [
    ["a year ahead", YEAR_MS],
    ["a year behind", -YEAR_MS],
  ] as const) {
    /** Five tabs of one browser at /, the third with its clock `how`. */
    const fiveTabs = (page: Page) => tabsOnStoppedClocks(page, 5, { index: 2, offsetMs: skewMs });

    test(`five tabs submitting at once, one with its clock ${how}: sent once, all five on /success`, async ({
      page,
      emulator,
    }) => {
      const address = uniqueEmail("five-tabs");
      const tabs = await fiveTabs(page);
      for (const tab of tabs) await waitlistForm(tab).email.fill(address);
      // Whichever tab sends first, its send is held out until all five have submitted.
      const firstSend = await holdRequests(page.context(), 1);
      await Promise.all(tabs.map((tab) => waitlistForm(tab).submit.click()));
      await firstSend.arrived();
      await firstSend.release();
      await onceArrived(tabs, address, emulator);
      await expectSuccessShown(...tabs);
      expect(await emulator.outbox(address)).toHaveLength(1);
    });

    test(`the tab with its clock ${how} submits once the four others are on /success: not sent again`, async ({
      page,
      emulator,
    }) => {
      const address = uniqueEmail("late-tab");
      const tabs = await fiveTabs(page);
      const odd = tabs[2] as Page;
      const others = tabs.filter((tab) => tab !== odd);
      for (const tab of others) await waitlistForm(tab).email.fill(address);
      await Promise.all(others.map((tab) => waitlistForm(tab).submit.click()));
      await onceArrived(others, address, emulator);
      await expectSuccessShown(...others);
      await waitlistForm(odd).email.fill(address);
      await waitlistForm(odd).submit.click();
      await odd.clock.resume();
      await expectSuccessShown(odd);
      expect(await emulator.outbox(address)).toHaveLength(1);
    });
  }

  test("submitted in two tabs at once, it is sent once and both tabs reach /success", async ({
    page,
    emulator,
  }) => {
    const address = uniqueEmail("two-tabs");
    const tabs = await tabsOnStoppedClocks(page, 2);
    for (const tab of tabs) await waitlistForm(tab).email.fill(address);
    // Whichever tab sends first, its send is held out until both tabs have submitted.
    const firstSend = await holdRequests(page.context(), 1);
    await Promise.all(tabs.map((tab) => waitlistForm(tab).submit.click()));
    await firstSend.arrived();
    await Promise.all(tabs.map((tab) => expect(waitlistForm(tab).submit).toHaveText(JOINING)));
    await firstSend.release();
    await onceArrived(tabs, address, emulator);
    await expectSuccessShown(...tabs);
    expect(await emulator.outbox(address)).toHaveLength(1);
  });

  test("an answer slower than the time limit: a tab opened meanwhile waits for it, and it is sent once", async ({
    openTab,
    page,
    emulator,
  }) => {
    const address = uniqueEmail("slow-tabs");
    await pauseClockBeforeLoad(page);
    await gotoApp(page, "/");
    const { email, submit } = waitlistForm(page);
    await email.fill(address);
    // Its answer is held out: slower than the time limit, and within the twice-as-long wait before
    // a request is given up on, exactly, since the page's clock moves only as the test runs it.
    const firstSend = await holdRequests(page, 1);
    await submit.click();
    await firstSend.arrived();
    const slow = page.getByText(WAITING.slow);
    // Said once the time limit has passed (to the millisecond in waitlist-signup.test.ts).
    await page.clock.runFor(E2E_SEND_TIMEOUT_MS);
    await expect(slow).toBeVisible();

    const second = await openTab();
    // Less than the time limit again: the first request is still within its wait.
    await appIdleWhileClockRuns(second, E2E_SEND_TIMEOUT_MS / 2);
    // Nothing there says the signup failed while its answer is still to come.
    await expect(second.getByText(KEPT_NOTE)).toHaveCount(0);
    await expect(waitlistForm(second).email).toHaveValue("");
    await waitlistForm(second).email.fill(address);
    await waitlistForm(second).submit.click();
    await expect(waitlistForm(second).submit).toHaveText(JOINING);
    // The answer arrives; then the clock runs on, for the toasts and the move to /success.
    const answered = page.waitForResponse((response) => isEmailRequest(response.request()));
    await firstSend.release();
    await answered;
    await page.clock.resume();
    await expectSuccessShown(page, second);
    expect(await emulator.outbox(address)).toHaveLength(1);
  });
});

/**
 * The visitor joins with `address` while the emulator refuses its sends as `refusal` says, and
 * sees `waiting`. The page's clock stands from the first byte: the waits between tries end only as
 * the test moves time, so the retry budget cannot run out while a slow machine leaves or reloads.
 */
async function joinWhileRefused(
  page: Page,
  emulator: EmulatorControls,
  address: string,
  refusal: Omit<Fault, "match">,
  waiting: string,
) {
  await emulator.fault({ ...refusal, match: { email: address } });
  await pauseClockBeforeLoad(page);
  await gotoApp(page, "/");
  const { email, submit } = waitlistForm(page);
  await email.fill(address);
  await submit.click();
  await expect(page.getByText(waiting)).toBeVisible();
}

/**
 * The visitor joins with `address`, which the emulator refuses once (429: the page waits before
 * its retry), and leaves while it waits; the clock then stands a minute later (the SDK's own
 * one-a-second stamp long past), for the next visit.
 */
async function leaveWhilePending(page: Page, emulator: EmulatorControls, address: string) {
  await joinWhileRefused(page, emulator, address, { count: 1, status: 429 }, WAITING.crowd);
  await page.clock.setSystemTime(CLOCK_START + 60_000);
}

test.describe("leave and come back", { tag: "@tabs" }, () => {
  test("a signup still pending when the visitor leaves is sent on the next visit, with a note and no retyping", async ({
    page,
    emulator,
    consoleGuard,
  }) => {
    consoleGuard.expectSendFailureLog();
    consoleGuard.expectNotFoundDocument();
    const address = uniqueEmail("come-back");
    await leaveWhilePending(page, emulator, address);
    // Back to another page of the site; the send that finishes it is held, so the note can be read
    // meanwhile.
    const finishing = await holdRequests(page, 1);
    await gotoApp(page, "/no-such-page");
    const note = page.getByRole("region", { name: "Your waitlist signup" });
    // The note comes once the page has looked at idle and read its records, on its clock.
    await runClockUntilShown(page, note);
    await expect(note).toContainText(`We're finishing your waitlist signup for ${address}.`);
    await finishing.arrived();
    await finishing.release();
    await page.clock.resume();
    await expectSuccessShown(page);
    await expect(note).toHaveCount(0);
    expect(await emulator.outbox(address)).toHaveLength(1);
    // Never twice: another visit finds nothing left to send.
    await gotoApp(page, "/");
    await appIdle(page);
    await expect(note).toHaveCount(0);
    expect(await emulator.outbox(address)).toHaveLength(1);
  });

  test("a note that cannot load: none shows and nothing is lost; the next move loads it, and the signup is sent once", async ({
    page,
    emulator,
    consoleGuard,
  }) => {
    consoleGuard.expectSendFailureLog();
    consoleGuard.expectAssetLoadFailures();
    const address = uniqueEmail("note-unloadable");
    await leaveWhilePending(page, emulator, address);
    // Back where the note's file cannot be had (offline for it, or a redeploy).
    await page.route(PENDING_NOTE, (route) => route.abort());
    const refused = page.waitForEvent("requestfailed", (request) =>
      PENDING_NOTE.test(request.url()),
    );
    const finishing = await holdRequests(page, 1);
    await gotoApp(page, "/");
    await page.clock.runFor(1000);
    await refused;
    await settled(page);
    const note = page.getByRole("region", { name: "Your waitlist signup" });
    await expect(note).toHaveCount(0);
    expect(await emulator.outbox(address)).toEqual([]);
    // Still kept in the browser, for this page or the next.
    expect(namesAddress(await siteData(page), address)).toBe(true);
    // The file can be had again: the visitor's next move loads the note, which sends it.
    await page.unroute(PENDING_NOTE);
    await page.mouse.move(1, 1);
    await runClockUntilShown(page, note);
    await expect(note).toContainText(`We're finishing your waitlist signup for ${address}.`);
    await finishing.arrived();
    await finishing.release();
    await page.clock.resume();
    await expectSuccessShown(page);
    expect(await emulator.outbox(address)).toHaveLength(1);
  });

  test("a pending signup can be cancelled from the note, and nothing more is sent", async ({
    page,
    emulator,
    consoleGuard,
  }) => {
    consoleGuard.expectSendFailureLog();
    const address = uniqueEmail("cancel");
    // Refused long enough for the visitor to cancel on the next visit.
    await joinWhileRefused(page, emulator, address, { count: 30, status: 503 }, WAITING.trouble);
    await reloadApp(page);
    const note = page.getByRole("region", { name: "Your waitlist signup" });
    // The note comes at the page's idle, on its clock.
    await runClockUntilShown(page, note);
    await expect(note).toContainText(address);
    await note.getByRole("button", { name: "Cancel" }).click();
    await expect(note).toHaveCount(0);
    // Time runs on: were anything still to be tried, it would be tried now.
    await page.clock.resume();
    await reloadApp(page);
    await appIdle(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(note).toHaveCount(0);
    await expect(waitlistForm(page).email).toHaveValue("");
    expect(await emulator.outbox(address)).toEqual([]);
  });

  test("a page closed with its request unanswered: the next pages try it once more, without asking, and it arrives once", async ({
    openTab,
    page,
    emulator,
  }) => {
    const address = uniqueEmail("resumed");
    // The first send never arrives.
    await emulator.fault({ count: 1, hang: true, match: { email: address } });
    await gotoApp(page, "/");
    const { email, submit } = waitlistForm(page);
    await email.fill(address);
    await submit.click();
    await expect(submit).toHaveText(JOINING);
    // The page is closed once its request is out (the emulator has used the fault up once the
    // request reached it): a page closed before that left a signup never sent.
    const faultsOf = async () =>
      (await emulator.pendingFaults()).filter((fault) => fault.match?.email === address);
    await expect.poll(faultsOf).toEqual([]);
    // The visitor comes back in two tabs at once: each looks, one of them sends it.
    await reloadApp(page);
    const other = await openTab();
    await expect
      .poll(async () => (await emulator.outbox(address)).length, UNTIL_TEST_TIMEOUT)
      .toBe(1);
    const onSuccess = async () =>
      (await Promise.all([page, other].map((tab) => tab.url()))).filter((url) =>
        url.endsWith("/success"),
      ).length;
    await expect.poll(onSuccess, UNTIL_TEST_TIMEOUT).toBe(1);
    for (const tab of [page, other]) await appIdle(tab);
    // Never "didn't go through": it was tried, and it arrived.
    await expect(page.getByText(KEPT_NOTE)).toHaveCount(0);
    expect(await emulator.outbox(address)).toHaveLength(1);
  });
});
