import { resolve } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import {
  CHROMIUM_ARGS,
  chromiumExecutable,
  headlessShellExecutable,
  STAY_ON_THIS_MACHINE,
  WHOLE_BROWSER,
} from "./tests/e2e/support/browser";
import { sitesForRun } from "./tests/e2e/support/spec-sites";
import { E2E_SITE_URL, E2E_WORK_DIR, STACK_READY } from "./tests/e2e/support/stack-ports";
import { STACK_BUILD_EPOCH } from "./tests/e2e/support/stack-settings";

/**
 * Each test's budget: 30 s, or E2E_TEST_TIMEOUT_MS on a machine slower than this project's 2 busy
 * cores (docs/testing.md). The one timing that follows the machine; what a test waits for does not.
 */
function testTimeoutMs(): number {
  const setting = process.env.E2E_TEST_TIMEOUT_MS;
  if (setting === undefined || setting === "") return 30_000;
  const ms = Number(setting);
  if (!Number.isInteger(ms) || ms <= 0) {
    throw new Error(
      `E2E_TEST_TIMEOUT_MS must be a whole number of milliseconds, not "${setting}".`,
    );
  }
  return ms;
}

const TEST_DIR = "tests/e2e";
/**
 * The parts of the stack the specs this run picks use (all for the whole suite): one spec file,
 * its sites only; the dev server (`npm run dev`) for the dev-mode check.
 */
const parts = sitesForRun(process.argv, resolve(import.meta.dirname, TEST_DIR));

export default defineConfig({
  testDir: TEST_DIR,
  outputDir: `${E2E_WORK_DIR}/results`,
  fullyParallel: true,
  // Three on 2 cores: a test waits on its page part of the time (4.0 min with two, 3.1 with three,
  // 3.5 with four; docs/testing.md, "Where the time goes").
  workers: 3,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: testTimeoutMs(),
  reporter: [["list"], ["./tests/e2e/support/summary-reporter.ts"]],
  webServer: {
    // Builds the sites against the local EmailJS emulator, then serves them on 127.0.0.1 (and
    // starts the dev server meanwhile, where the run picks its check).
    command: `npx tsx tests/e2e/support/test-stack.ts ${parts?.join(",") ?? ""}`.trim(),
    // Printed once every part answers (a URL would be polled as soon as its own server is up).
    wait: { stdout: new RegExp(STACK_READY) },
    // The month's build time, read once here: the stack builds with the one the workers test for.
    env: { E2E_BUILD_EPOCH: STACK_BUILD_EPOCH },
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
  },
  use: {
    baseURL: E2E_SITE_URL,
    // In CI a failed test keeps its actions, console and network (what a CI failure is read from;
    // the DOM snapshots and screencast would cost every test about a fifth of its time on 2 cores).
    // Elsewhere nothing is recorded, which spares the browser tests 7% of their CPU: a test that
    // fails is run again with `--trace on` (docs/testing.md).
    trace: process.env.CI
      ? { mode: "retain-on-failure", screenshots: false, snapshots: false }
      : "off",
  },
  // The headless shell for every test but those tagged as needing the whole browser
  // (tests/e2e/support/browser.ts). Those go first: the workers take the projects' tests in this
  // order, and the longest tests (five tabs) at the end left workers idle while the last ran.
  projects: [
    { name: "chromium-full", grep: new RegExp(WHOLE_BROWSER), use: browser(chromiumExecutable()) },
    {
      name: "chromium",
      grepInvert: new RegExp(WHOLE_BROWSER),
      use: browser(headlessShellExecutable()),
    },
  ],
});

function browser(executablePath: string | undefined) {
  return {
    ...devices["Desktop Chrome"],
    channel: undefined,
    launchOptions: { executablePath, args: [...CHROMIUM_ARGS, STAY_ON_THIS_MACHINE] },
  };
}
