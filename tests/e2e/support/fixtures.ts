/**
 * The `test` every spec uses, and what it gives a test: the guards (guards.ts) armed in every test,
 * the recorders (recorders.ts) armed in every page and tab of the test's context before it loads,
 * `openTab`, the stack's `emulator`, and `failingSend` for a test of a failing send. Pages are
 * opened with `gotoApp` (tabs.ts): Playwright's own `page` is left as it is.
 */
import { test as base, expect, type Page } from "@playwright/test";
import { type EmulatorControls, emulatorControls } from "../../../server/emulator/client";
import { throttleEveryPage } from "./cpu-throttle";
import { type FailingSend, watchFailingSend } from "./failing-send";
import { type ConsoleGuard, guardConsole, guardUrls } from "./guards";
import { armRecorders } from "./recorders";
import { E2E_EMULATOR_URL } from "./stack-ports";
import { openTabIn } from "./tabs";

export { expect };

export const test = base.extend<{
  consoleGuard: ConsoleGuard;
  emulator: EmulatorControls;
  failingSend: FailingSend;
  openTab: (path?: string) => Promise<Page>;
}>({
  // Every page and tab of the test's context records its toasts, live regions and requests from its
  // first byte, and no request of it carries an address the test made in its URL.
  // Under `npm run test:starved`, each page's CPU is throttled too (cpu-throttle.ts).
  context: async ({ context }, use) => {
    await throttleEveryPage(context);
    await armRecorders(context);
    const checkUrls = guardUrls(context);
    await use(context);
    checkUrls();
  },
  // Any uncaught error, console error or warning (CSP violations included) or request off
  // 127.0.0.1 fails the test, but for the messages the spec says its scenario expects.
  consoleGuard: [
    async ({ page }, use) => {
      const { guard, check } = await guardConsole(page);
      await use(guard);
      check();
    },
    { auto: true },
  ],
  // A test of a failing send: its console lines allowed, and its failure lines, requests and
  // assertive announcements recorded from before the page loads.
  failingSend: async ({ page, consoleGuard }, use) => {
    consoleGuard.expectSendFailureLog();
    await use(watchFailingSend(page));
  },
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
