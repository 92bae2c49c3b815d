import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumExecutable } from "./tests/e2e/support/browser";
import {
  E2E_MISCONFIGURED_SITE_URL,
  E2E_SITE_URL,
  E2E_WORK_DIR,
} from "./tests/e2e/support/stack-ports";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `${E2E_WORK_DIR}/results`,
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  reporter: [["list"], ["./tests/e2e/support/summary-reporter.ts"]],
  webServer: {
    // Builds the site against the local EmailJS emulator, then serves both on 127.0.0.1.
    command: "npx tsx tests/e2e/support/test-stack.ts",
    // The last site the stack starts: once it answers, all of them do.
    url: `${E2E_MISCONFIGURED_SITE_URL}/`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
  },
  use: {
    baseURL: E2E_SITE_URL,
    trace: "retain-on-failure",
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
