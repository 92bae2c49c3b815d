import { resolve } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import {
  CHROMIUM_ARGS,
  chromiumExecutable,
  headlessShellExecutable,
  STAY_ON_THIS_MACHINE,
  WHOLE_BROWSER,
} from "./tests/e2e/support/browser";
import { DEV_SERVER, sitesForRun } from "./tests/e2e/support/spec-sites";
import {
  E2E_DEV_SITE_URL,
  E2E_SITE_URL,
  E2E_WORK_DIR,
  STACK_READY,
} from "./tests/e2e/support/stack-ports";
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
 * The sites the specs this run picks use (all for the whole suite): one spec file, its sites only;
 * and `npm run dev` where a picked spec is the dev-mode check's.
 */
const picked = sitesForRun(process.argv, resolve(import.meta.dirname, TEST_DIR));
const stackSites = picked?.filter((site) => site !== DEV_SERVER);
const SERVER_STOP = { signal: "SIGTERM", timeout: 5_000 } as const;

const stack = {
  // Builds the site against the local EmailJS emulator, then serves both on 127.0.0.1.
  command: `npx tsx tests/e2e/support/test-stack.ts ${stackSites?.join(",") ?? ""}`.trim(),
  // Printed once every site answers (a URL would be polled as soon as its own server is up).
  wait: { stdout: new RegExp(STACK_READY) },
  // The month's build time, read once here: the stack builds with the one the workers test for.
  env: { E2E_BUILD_EPOCH: STACK_BUILD_EPOCH },
  timeout: 240_000,
  reuseExistingServer: false,
  stdout: "pipe" as const,
  gracefulShutdown: SERVER_STOP,
};

/** `npm run dev` with its emulator, on ports of its own, beside the stack. */
const devServer = {
  command: "npx tsx tests/e2e/support/dev-stack.ts",
  url: `${E2E_DEV_SITE_URL}/`,
  timeout: 60_000,
  reuseExistingServer: false,
  stdout: "pipe" as const,
  gracefulShutdown: SERVER_STOP,
};

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
  webServer: [
    ...(stackSites?.length === 0 ? [] : [stack]),
    ...(picked === undefined || picked.includes(DEV_SERVER) ? [devServer] : []),
  ],
  use: {
    baseURL: E2E_SITE_URL,
    // A failed test keeps its actions, console and network (what a CI failure is read from); the
    // DOM snapshots and screencast would cost every test about a fifth of its time on 2 cores.
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: false },
  },
  // The headless shell for every test but those tagged as needing the whole browser
  // (tests/e2e/support/browser.ts).
  projects: [
    {
      name: "chromium",
      grepInvert: new RegExp(WHOLE_BROWSER),
      use: browser(headlessShellExecutable()),
    },
    { name: "chromium-full", grep: new RegExp(WHOLE_BROWSER), use: browser(chromiumExecutable()) },
  ],
});

function browser(executablePath: string | undefined) {
  return {
    ...devices["Desktop Chrome"],
    channel: undefined,
    launchOptions: { executablePath, args: [...CHROMIUM_ARGS, STAY_ON_THIS_MACHINE] },
  };
}
