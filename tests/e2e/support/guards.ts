/**
 * What fails a test on its own, whatever it checks: an uncaught error, a console error or warning
 * (hydration mismatches and CSP violations included), a request that leaves 127.0.0.1, and a request
 * whose URL holds an address the test made (`uniqueEmail`). The fixture (fixtures.ts) arms them for
 * the test's own page and context; a spec opts in to the few console messages a scenario expects.
 */
import { randomUUID } from "node:crypto";
import { type BrowserContext, expect, type Page } from "@playwright/test";
import { E2E_BOT_CHECK_EMULATOR_URL, E2E_EMULATOR_URL } from "./stack-ports";

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

/** What a spec may tell the console guard: the messages its scenario expects, and the page's logs. */
export type ConsoleGuard = {
  expectSendFailureLog(): void;
  expectAssetLoadFailures(): void;
  expectNotFoundDocument(): void;
  logs: string[];
};

function isLocal(url: URL): boolean {
  return url.hostname === "127.0.0.1" || url.protocol === "data:" || url.protocol === "blob:";
}

/**
 * Watches `page` from now on for uncaught errors, console errors and warnings, CSP violations (said
 * on the console by an init script, so before the page loads) and requests off 127.0.0.1; `check`
 * fails the test on any the spec did not allow.
 */
export async function guardConsole(page: Page): Promise<{ guard: ConsoleGuard; check(): void }> {
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
  return {
    guard: {
      expectSendFailureLog: () => allowed.push(sendFailure),
      expectAssetLoadFailures: () => allowed.push(assetLoadFailure),
      expectNotFoundDocument: () => allowed.push(notFoundDocument),
      logs,
    },
    check: () => expect(problems, "console errors, uncaught errors or stray requests").toEqual([]),
  };
}

/** Every address `uniqueEmail` made in this worker: none may ever appear in a request's URL. */
const addressesMade = new Set<string>();

/** A fresh address per test, so parallel tests never share outbox lines or faults. */
export function uniqueEmail(label = "visitor"): string {
  const address = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  addressesMade.add(address);
  return address;
}

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
