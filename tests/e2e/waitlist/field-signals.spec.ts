/**
 * The field signals (docs/analytics.md): a build with VITE_PLAUSIBLE_DOMAIN sends Plausible's events
 * to the stack's emulator, which plays Plausible's event API. Page views, "Form Start" once, "Signup"
 * once per delivered signup (however it got there), "Signup Failed" with its cause, "Signup Kept",
 * "Typo Hint" taken or not;
 * nothing before the first paint, nothing at all with Global Privacy Control or Do Not Track, no
 * address or typed text in any event (an address in the path or a source parameter included), and
 * nothing from the build without the setting. Each test reads the events its own tabs posted (the
 * page's requests), so tests beside it do not count; an engagement event, sent as a page unloads,
 * is read from the emulator by a word only that test's URLs carry.
 */
import { randomUUID } from "node:crypto";
import type { BrowserContext } from "@playwright/test";
import type { EmulatorControls } from "../../../server/emulator/client";
import { TYPO_HINT } from "../support/copy";
import { expect, test } from "../support/fixtures";
import { uniqueEmail } from "../support/guards";
import { holdAppScript, holdRequests } from "../support/held-requests";
import { CLOCK_START } from "../support/page-clock";
import { E2E_ANALYTICS_SITE_URL, E2E_EMULATOR_URL, E2E_SITE_URL } from "../support/stack-ports";
import { expectFailureShown, expectSuccessShown, recordToasts } from "../support/tab-records";
import { appIdle, gotoApp, reloadApp } from "../support/tabs";
import { touchPage, waitlistForm } from "../support/waitlist-page";
import { BACK_HOME, NOT_FOUND, PRIVACY_SUMMARY } from "../support/words";

test.use({ baseURL: E2E_ANALYTICS_SITE_URL });

const EVENT_PATH = "/api/event";
const TRACKER_CHUNK = /\/assets\/plausible-tracker-[\w-]+\.js$/;

type Event = { n: string; u: string; d: string; r: string | null; p?: Record<string, string> };

/**
 * Every event the tabs of `context` post, in order, and their raw bodies. Plausible's tracker skips
 * automated browsers unless the page says it is a test (`window.__plausible`, its documented switch).
 */
async function recordEvents(context: BrowserContext) {
  await context.addInitScript(() => {
    Object.assign(window, { __plausible: true });
  });
  const bodies: string[] = [];
  context.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === EVENT_PATH) {
      bodies.push(request.postData() ?? "");
    }
  });
  const events = () =>
    bodies.map((body) => JSON.parse(body) as Event).filter((event) => event.n !== "engagement");
  return {
    bodies,
    events,
    named: (name: string) => events().filter((event) => event.n === name),
    pages: () =>
      events()
        .filter((event) => event.n === "pageview")
        .map((event) => new URL(event.u).pathname),
  };
}

/** No event carried the address, or any part of what was typed, raw or percent-encoded. */
function expectNothingTyped(bodies: string[], address: string) {
  const [local] = address.split("@");
  for (const body of bodies) {
    expect(body).not.toContain(address);
    expect(body).not.toContain(local);
    expect(body).not.toContain("@");
    expect(body.toLowerCase()).not.toContain("%40");
  }
}

/** An address as a link from an email carries it: never one the tests sign up with. */
const ADDRESS = "name@example.com";

/** A word only this test's URLs carry: a short source token, which the cleaning keeps. */
const marker = () => `t${randomUUID().slice(0, 8)}`;

/**
 * What the emulator received with `marker` in its URL. The engagement event a page sends as it is
 * left goes while it unloads, and Playwright does not report that request: it is read here.
 */
async function receivedWith(emulator: EmulatorControls, ref: string) {
  const events = await emulator.events();
  return events.filter((event) => new URL(event.u).searchParams.get("ref") === ref);
}

test("a signup through the form: views of / and /success, one Form Start, one Signup, nothing typed", async ({
  page,
}) => {
  const signals = await recordEvents(page.context());
  const address = uniqueEmail("signals-form");
  await gotoApp(page, "/?utm_source=newsletter&email=someone%40example.com");
  const { email, submit } = waitlistForm(page);
  await email.focus();
  await email.fill(address);
  await email.blur();
  await email.focus();
  await submit.click();
  await expectSuccessShown(page);
  await expect.poll(() => signals.named("Signup").length).toBe(1);
  await expect.poll(signals.pages).toEqual(["/", "/success"]);
  expect(signals.named("Form Start")).toHaveLength(1);
  expect(signals.named("Signup")[0]?.p).toEqual({ start: "form", retried: "no", bot_check: "off" });
  // The source stays, what else the URL carried goes.
  const landing = new URL(signals.named("pageview")[0]?.u ?? "");
  expect([...landing.searchParams.keys()]).toEqual(["utm_source"]);
  expect(signals.events().every((event) => event.d === "bulwark.example")).toBe(true);
  expectNothingTyped(signals.bodies, address);
});

test("an address as a mistyped path: the not-found page is counted as /404, its engagement too, no address", async ({
  page,
  emulator,
  consoleGuard,
}) => {
  consoleGuard.expectNotFoundDocument();
  const signals = await recordEvents(page.context());
  const ref = marker();
  await gotoApp(page, `/${ADDRESS}?ref=${ref}`);
  await expect(page.getByRole("heading", { name: NOT_FOUND.heading })).toBeVisible();
  const counted = `${E2E_ANALYTICS_SITE_URL}/404?ref=${ref}`;
  await expect.poll(() => signals.named("pageview").map((event) => event.u)).toEqual([counted]);
  // Leaving the page ends its view: its engagement event goes as it unloads.
  await page.getByRole("link", { name: BACK_HOME }).click();
  await expect
    .poll(async () => (await receivedWith(emulator, ref)).map((event) => [event.n, event.u]))
    .toEqual([
      ["pageview", counted],
      ["engagement", counted],
    ]);
  const received = (await receivedWith(emulator, ref)).map((event) => JSON.stringify(event));
  expectNothingTyped([...signals.bodies, ...received], ADDRESS);
});

test("an address as a source parameter: the landing is counted with its other source only, its engagement too", async ({
  page,
  emulator,
}) => {
  const signals = await recordEvents(page.context());
  const ref = marker();
  await gotoApp(page, `/?utm_source=${encodeURIComponent(ADDRESS)}&ref=${ref}`);
  const counted = `${E2E_ANALYTICS_SITE_URL}/?ref=${ref}`;
  await expect.poll(() => signals.named("pageview").map((event) => event.u)).toEqual([counted]);
  // Leaving the page ends its view: its engagement goes as it unloads, the next view's after it.
  await reloadApp(page);
  await expect
    .poll(() => signals.named("pageview").map((event) => event.u))
    .toEqual([counted, counted]);
  await expect
    .poll(async () => (await receivedWith(emulator, ref)).map((event) => `${event.n} ${event.u}`))
    .toContain(`engagement ${counted}`);
  const received = (await receivedWith(emulator, ref)).map((event) => JSON.stringify(event));
  expectNothingTyped([...signals.bodies, ...received], ADDRESS);
});

test("nothing is sent before the first paint: the tracker loads once the app is idle", async ({
  page,
}) => {
  await recordEvents(page.context());
  await gotoApp(page, "/");
  // The event's timing entry is written once its answer is in.
  await page.waitForFunction(() =>
    performance.getEntriesByType("resource").some((entry) => entry.name.endsWith("/api/event")),
  );
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
    firstEvent: performance
      .getEntriesByType("resource")
      .find((entry) => entry.name.endsWith("/api/event"))?.startTime,
  }));
  expect(timing.firstEvent).toBeGreaterThan(timing.paint);
  // Nothing of the tracker in the landing page's first bytes: no script, no preload.
  const served = await (await page.request.get("/")).text();
  expect(served).toContain("Plausible Analytics");
  expect(served).not.toContain("plausible-tracker");
});

test("a submit kept before the app started is one Form Start and one Signup that says so", async ({
  page,
}) => {
  const signals = await recordEvents(page.context());
  const address = uniqueEmail("signals-early");
  const app = await holdAppScript(page);
  await page.goto("/", { waitUntil: "commit" });
  const { email, submit } = waitlistForm(page);
  await email.fill(address);
  await submit.click();
  await app.arrived();
  await app.release();
  await expectSuccessShown(page);
  await expect.poll(() => signals.named("Signup").length).toBe(1);
  expect(signals.named("Signup")[0]?.p?.start).toBe("before-app");
  // Typed before the app ran, and counted once it did.
  expect(signals.named("Form Start")).toHaveLength(1);
  expectNothingTyped(signals.bodies, address);
});

test("a retry after a 429: the address kept, then one Signup that was retried", async ({
  page,
  emulator,
  consoleGuard,
}) => {
  consoleGuard.expectSendFailureLog();
  const signals = await recordEvents(page.context());
  const address = uniqueEmail("signals-429");
  await emulator.fault({ count: 1, status: 429, match: { email: address } });
  await gotoApp(page, "/");
  const { email, submit } = waitlistForm(page);
  await email.fill(address);
  await submit.click();
  await expectSuccessShown(page);
  await expect.poll(() => signals.named("Signup").length).toBe(1);
  expect(signals.named("Signup")[0]?.p?.retried).toBe("yes");
  expect(signals.named("Signup Kept").map((event) => event.p)).toEqual([{ reason: "crowd" }]);
  expect(signals.named("Signup Failed")).toEqual([]);
});

test("a typo hint taken, then one ignored: one Typo Hint each, taken or not, nothing typed", async ({
  page,
  emulator,
}) => {
  const signals = await recordEvents(page.context());
  const address = uniqueEmail("signals-typo");
  const [local] = address.split("@");
  const ignored = `${local}@gmial.com`;
  await gotoApp(page, "/");
  await touchPage(page);
  const { form, email, submit } = waitlistForm(page);
  await email.fill(address.replace(/\.com$/, ".con"));
  await email.blur();
  await form.getByRole("button", { name: TYPO_HINT.take(address) }).click();
  await expect(email).toHaveValue(address);
  await email.fill(ignored);
  // The first Join shows the hint, the second sends the address as typed.
  await submit.click();
  await expect(
    form.getByRole("button", { name: TYPO_HINT.take(`${local}@gmail.com`) }),
  ).toBeVisible();
  await submit.click();
  await expectSuccessShown(page);
  expect(await emulator.outbox(ignored)).toHaveLength(1);
  await expect
    .poll(() => signals.named("Typo Hint").map((event) => event.p))
    .toEqual([{ taken: "yes" }, { taken: "no" }]);
  expectNothingTyped(signals.bodies, address);
  for (const body of signals.bodies) expect(body).not.toMatch(/gmail|gmial|example\.co/);
});

test("two tabs with one address: one send, one Signup", async ({ page, emulator }) => {
  const context = page.context();
  const signals = await recordEvents(context);
  const address = uniqueEmail("signals-tabs");
  const tabs = [page, await context.newPage()] as const;
  for (const tab of tabs) {
    await tab.goto("/", { waitUntil: "load" });
    await tab.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    await waitlistForm(tab).email.fill(address);
  }
  const firstSend = await holdRequests(context, 1);
  await waitlistForm(tabs[0]).submit.click();
  await firstSend.arrived();
  await waitlistForm(tabs[1]).submit.click();
  await firstSend.release();
  await expectSuccessShown(...tabs);
  expect(await emulator.outbox(address)).toHaveLength(1);
  await expect.poll(() => signals.named("pageview").length).toBe(4);
  expect(signals.named("Signup")).toHaveLength(1);
});

test("a signup a closed page left pending and sent on the next visit is one Signup, resumed", async ({
  page,
  context,
  emulator,
  consoleGuard,
}) => {
  consoleGuard.expectSendFailureLog();
  const signals = await recordEvents(context);
  const address = uniqueEmail("signals-resumed");
  await emulator.fault({ count: 1, status: 503, match: { email: address } });
  // The retry's wait runs on the page's clock, stopped: the page closes before it ends.
  await page.clock.install({ time: CLOCK_START });
  await gotoApp(page, "/");
  await page.clock.pauseAt(CLOCK_START + 60_000);
  const { form, email, submit } = waitlistForm(page);
  await email.fill(address);
  await submit.click();
  await expect(form.getByText(/We can't get through to our signup service/)).toBeVisible();
  await page.close();

  const next = await context.newPage();
  // The clock is the context's: time runs again for the next visit.
  await next.clock.resume();
  await next.goto("/", { waitUntil: "load" });
  await expectSuccessShown(next);
  expect(await emulator.outbox(address)).toHaveLength(1);
  await expect.poll(() => signals.named("Signup").length).toBe(1);
  expect(signals.named("Signup")[0]?.p?.start).toBe("resumed");
  expectNothingTyped(signals.bodies, address);
});

for (const { fault, cause } of [
  { fault: { status: 400, body: "The service ID is invalid" }, cause: "invalid-ids" },
  { fault: { status: 451, body: "Unavailable For Headless Browser" }, cause: "headless" },
  {
    fault: { status: 403, body: "The origin is not in this account's allowed origins" },
    cause: "origin-refused",
  },
  {
    fault: { status: 403, body: "API calls are disabled for non-browser applications" },
    cause: "non-browser-refused",
  },
  {
    fault: { status: 402, body: "The email quota of this account is used up" },
    cause: "quota-spent",
  },
]) {
  test(`a send refused with ${fault.status} (${cause}) is one Signup Failed with its cause`, async ({
    page,
    emulator,
    consoleGuard,
  }) => {
    consoleGuard.expectSendFailureLog();
    const signals = await recordEvents(page.context());
    const address = uniqueEmail(`signals-${cause}`);
    await emulator.fault({ count: 1, ...fault, match: { email: address } });
    await gotoApp(page, "/");
    const { email, submit } = waitlistForm(page);
    await email.fill(address);
    await submit.click();
    await expectFailureShown(page, address);
    await expect.poll(() => signals.named("Signup Failed").length).toBe(1);
    expect(signals.named("Signup Failed")[0]?.p).toEqual({ cause });
    expect(signals.named("Signup")).toEqual([]);
    expectNothingTyped(signals.bodies, address);
  });
}

test("with Global Privacy Control or Do Not Track on, nothing is sent and the tracker never loads", async ({
  browser,
}) => {
  for (const setting of ["globalPrivacyControl", "doNotTrack"] as const) {
    const context = await browser.newContext({ baseURL: E2E_ANALYTICS_SITE_URL });
    try {
      await context.addInitScript((name) => {
        Object.defineProperty(Navigator.prototype, name, {
          get: () => (name === "doNotTrack" ? "1" : true),
        });
      }, setting);
      const signals = await recordEvents(context);
      const requests: string[] = [];
      context.on("request", (request) => requests.push(request.url()));
      const page = await context.newPage();
      await recordToasts(page);
      await page.goto("/", { waitUntil: "load" });
      await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
      await appIdle(page);
      const { email, submit } = waitlistForm(page);
      await email.fill(uniqueEmail(`signals-${setting}`));
      await submit.click();
      await expectSuccessShown(page);
      await appIdle(page);
      expect(signals.bodies, setting).toEqual([]);
      expect(
        requests.filter((url) => TRACKER_CHUNK.test(url)),
        setting,
      ).toEqual([]);
    } finally {
      await context.close();
    }
  }
});

test("the build without the setting loads no tracker, sends no event and names no processor", async ({
  page,
}) => {
  const signals = await recordEvents(page.context());
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  await gotoApp(page, `${E2E_SITE_URL}/`);
  await appIdle(page);
  const { form, email, submit } = waitlistForm(page);
  await email.fill(uniqueEmail("signals-off"));
  await submit.click();
  await expectSuccessShown(page);
  await appIdle(page);
  expect(signals.bodies).toEqual([]);
  expect(requests.filter((url) => TRACKER_CHUNK.test(url))).toEqual([]);
  await gotoApp(page, `${E2E_SITE_URL}/`);
  await expect(form).not.toContainText("Plausible");
  await expect(page.locator("footer")).not.toContainText("Plausible");
});

test("the build with it names its processor by the form and in the footer, and its CSP allows the endpoint", async ({
  page,
  request,
}) => {
  await gotoApp(page, "/");
  const { form } = waitlistForm(page);
  await form.getByText(PRIVACY_SUMMARY).click();
  const counting = form.getByRole("definition").filter({ hasText: "Plausible Analytics" });
  await expect(counting).toBeVisible();
  // Its own storage, apart from what the form keeps (the point before it says that).
  await expect(counting).toContainText("it sets no cookie and stores nothing in your browser");
  await expect(page.locator("footer")).toContainText(
    "Visits are counted without cookies by Plausible Analytics",
  );
  const csp = (await request.get("/")).headers()["content-security-policy"] ?? "";
  const connect = csp.split("; ").find((part) => part.startsWith("connect-src "));
  // The events go to the emulator, which is also the EmailJS origin here: named once.
  expect(connect).toBe(`connect-src 'self' ${E2E_EMULATOR_URL}`);
});
