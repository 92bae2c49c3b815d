/**
 * The test fixture every spec uses: fails a test on any uncaught error, console error or warning
 * (hydration mismatches and CSP violations included), on any request that leaves 127.0.0.1 and on
 * any request whose URL holds an address the test made (`uniqueEmail`); arms the recorders of
 * toasts, live regions and sends in every page and tab of the test's context before it loads
 * (recorders.ts); `openTab` opens another tab of it once its app is live. Specs opt in to the few
 * console messages a scenario expects.
 */
import { randomUUID } from "node:crypto";
import { type BrowserContext, test as base, expect, type Page } from "@playwright/test";
import { type EmulatorControls, emulatorControls } from "../../../server/emulator/client";
import { armRecorders } from "./recorders";
import { E2E_BOT_CHECK_EMULATOR_URL, E2E_EMULATOR_URL } from "./stack-ports";

export { expect };

type ConsoleLine = { text: string; url: string };
type Allowance = (line: ConsoleLine) => boolean;

/** Chromium's own line for a failed request: an HTTP error answer or a network error. */
const FAILED_REQUEST_LOG = "Failed to load resource:";

/** The console error the spec asks for when a send fails, and Chromium's line for the failed request. */
const sendFailure: Allowance = ({ text, url }) =>
  text.startsWith("Waitlist submission failed:") ||
  (text.startsWith(FAILED_REQUEST_LOG) &&
    [E2E_EMULATOR_URL, E2E_BOT_CHECK_EMULATOR_URL].some((emulator) => url.startsWith(emulator)));
/**
 * Chromium's line for a script that could not be fetched: one of the site's (offline, a redeploy)
 * or the bot check's reCAPTCHA (blocked).
 */
const assetLoadFailure: Allowance = ({ text, url }) =>
  text.startsWith(FAILED_REQUEST_LOG) && (url.includes("/assets/") || url.includes("/recaptcha/"));
/** Chromium's line for a document served with 404, expected on the not-found page only. */
const notFoundDocument: Allowance = ({ text }) =>
  text.startsWith(`${FAILED_REQUEST_LOG} the server responded with a status of 404`);

type ConsoleGuard = {
  expectSendFailureLog(): void;
  expectAssetLoadFailures(): void;
  expectNotFoundDocument(): void;
  logs: string[];
};

function isLocal(url: URL): boolean {
  return url.hostname === "127.0.0.1" || url.protocol === "data:" || url.protocol === "blob:";
}

/**
 * Resolves once the app is live (it sets data-hydrated on <html> once hydrated; it loads after the
 * first paint, so after `load`): the fixture's own goto and reload wait for it; a navigation it does
 * not wrap (a held script released, Back and Forward) awaits it by hand.
 */
export async function appLive(page: Page) {
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
}

/** Every address `uniqueEmail` made in this worker: none may ever appear in a request's URL. */
const addressesMade = new Set<string>();

/**
 * Fails the test if an address it made ever appears in a request URL of `context` (history, logs,
 * Referer): the fixture guards the test's own context; a test that makes a context of its own
 * calls it and checks what it returns at its end.
 */
export function guardUrls(context: BrowserContext): () => void {
  const leaks: string[] = [];
  context.on("request", (request) => {
    const url = request.url();
    for (const address of addressesMade) {
      if (url.includes(address) || url.includes(encodeURIComponent(address))) leaks.push(url);
    }
  });
  return () => expect(leaks, "requests whose URL holds a test's address").toEqual([]);
}

/** Opens `path` in `tab` and resolves once its app is live, as the fixture's own page does. */
export async function gotoApp(tab: Page, path = "/"): Promise<void> {
  await tab.goto(path);
  await appLive(tab);
}

/** Opens another tab of `context` at `path`, once its app is live (the `openTab` fixture's, for any context). */
export async function openTabIn(context: BrowserContext, path = "/"): Promise<Page> {
  const tab = await context.newPage();
  await gotoApp(tab, path);
  return tab;
}

export const test = base.extend<{
  consoleGuard: ConsoleGuard;
  emulator: EmulatorControls;
  openTab: (path?: string) => Promise<Page>;
}>({
  // Every page and tab of the test's context records its toasts, live regions and sends from its
  // first byte, and no request of it carries an address the test made in its URL.
  context: async ({ context }, use) => {
    await armRecorders(context);
    const checkUrls = guardUrls(context);
    await use(context);
    checkUrls();
  },
  // Navigation resolves once the app is interactive, as a visitor's first click would need; with an
  // explicit `waitUntil`, at that point only (a visitor faster than the app, or an app held back).
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil === undefined) await appLive(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await appLive(page);
      return response;
    };
    await use(page);
  },
  consoleGuard: [
    async ({ page }, use) => {
      const problems: string[] = [];
      const logs: string[] = [];
      const allowed: Allowance[] = [];
      page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
      page.on("console", (message) => {
        const text = message.text();
        if (message.type() === "log") logs.push(text);
        if (message.type() !== "error" && message.type() !== "warning") return;
        const line = { text, url: message.location().url };
        if (allowed.some((allow) => allow(line))) return;
        problems.push(`${message.type()}: ${text}`);
      });
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`);
        });
      });
      // Watched, not intercepted: a route would send every request through Playwright and turn
      // off the HTTP cache. Chromium cannot reach another host anyway (STAY_ON_THIS_MACHINE).
      page.on("request", (request) => {
        if (!isLocal(new URL(request.url()))) {
          problems.push(`request left the machine: ${request.url()}`);
        }
      });
      await use({
        expectSendFailureLog: () => allowed.push(sendFailure),
        expectAssetLoadFailures: () => allowed.push(assetLoadFailure),
        expectNotFoundDocument: () => allowed.push(notFoundDocument),
        logs,
      });
      expect(problems, "console errors, uncaught errors or stray requests").toEqual([]);
    },
    { auto: true },
  ],
  // Another tab of the test's context, opened at `path` once its app is live.
  openTab: async ({ context }, use) => {
    await use((path = "/") => openTabIn(context, path));
  },
  // The test stack's emulator: queue a fault, read what arrived for an address. Its limits and
  // outage are account-wide: a test that switches them on affects every test running beside it.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from it.
  emulator: async ({}, use) => {
    await use(emulatorControls(E2E_EMULATOR_URL));
  },
});

/**
 * Resolves once the app has run what it puts off until the page is idle (the check for a pending
 * signup an earlier page left, the preloads) and rendered what that changed: the signal a check
 * that nothing appeared waits for. Called after hydration (the fixture's goto and reload wait for
 * it), when the app's own idle tasks are already queued: the browser runs idle callbacks in order,
 * and a render they set off, an ordinary task, before the next idle callback.
 */
export async function appIdle(page: Page) {
  for (let pass = 0; pass < 2; pass++) {
    await page.evaluate(() => new Promise((idle) => requestIdleCallback(() => idle(null))));
  }
}

/**
 * For a wait on work that takes as long as the machine makes it (a send and its answer, the
 * toaster's first load, the announcement): no limit of its own, only the test's timeout, so a busy
 * machine is slow, not failed. A wait the product bounds by its own timer is driven on the page's
 * clock instead (support/page-clock.ts).
 */
export const UNTIL_TEST_TIMEOUT = { timeout: 0 };

/** A fresh address per test, so parallel tests never share outbox lines or faults. */
export function uniqueEmail(label = "visitor"): string {
  const address = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  addressesMade.add(address);
  return address;
}

/** The waitlist form as a visitor finds it: by its heading, its field's label and its button. */
export function waitlistForm(page: Page) {
  const form = page.getByRole("form", { name: "Join the early-access waitlist" });
  return {
    form,
    email: form.getByRole("textbox", { name: "Work email address" }),
    submit: form.getByRole("button", { name: /Join Waitlist|Joining\.\.\./ }),
  };
}

/** Radix renders each toast as a list item inside the "Notifications (F8)" region. */
export function toasts(page: Page) {
  return page.getByRole("region", { name: "Notifications (F8)" }).getByRole("listitem");
}

/** The fixed template params every signup carries (docs/behaviour.md, "Fixed fields"), typed here, not imported. */
export const EXPECTED_FIXED_PARAMS = {
  name: "Waitlist Subscriber",
  company: "N/A",
  role: "N/A",
  needs: "Joined via the simplified waitlist form",
};

type Box = { x: number; y: number; width: number; height: number };

/** Whether two boxes (as `boundingBox()` gives them) share any area. */
export function boxesOverlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Scrolls every still-hidden card into view, one at a time, each as soon as the one before it has
 * been revealed, then ends their fade: each is then measured as a visitor sees it.
 */
export async function revealAll(page: Page) {
  await page.evaluate(async () => {
    const revealed = (card: Element) =>
      new Promise<void>((done) => {
        const check = () => {
          if (card.getAttribute("data-reveal") === "pending") return;
          observer.disconnect();
          done();
        };
        const observer = new MutationObserver(check);
        observer.observe(card, { attributes: true, attributeFilter: ["data-reveal"] });
        check();
      });
    const cards = [...document.querySelectorAll('[data-reveal="pending"]')];
    for (const card of cards) {
      card.scrollIntoView({ block: "center", behavior: "instant" });
      await revealed(card);
    }
    // Their fade ended at once, as it would have half a second later: the page at rest.
    for (const card of cards) for (const fade of card.getAnimations()) fade.finish();
  });
}

/**
 * The fraud map's dot pulses, as the page's own animations report them: how many times each runs and
 * when it ends (ms of its timeline). Read without waiting any of them out.
 */
export function mapPulses(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("svg circle")]
      .flatMap((circle) => circle.getAnimations())
      .map((animation) => ({
        iterations: animation.effect?.getComputedTiming().iterations ?? Infinity,
        endTime: Number(animation.effect?.getComputedTiming().endTime ?? Infinity),
      })),
  );
}
