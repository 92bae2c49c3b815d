/**
 * Dev mode, apart from the main suite: `npm run dev` (server-side render, then hydration) with its
 * emulator, checked for a clean console. Run: npx playwright test -c playwright.dev.config.ts
 */
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, headlessShellExecutable } from "./tests/e2e/support/browser";
import { E2E_DEV_SITE_URL, E2E_WORK_DIR } from "./tests/e2e/support/stack-ports";

export default defineConfig({
  testDir: "tests/dev",
  outputDir: `${E2E_WORK_DIR}/dev-results`,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  reporter: [["list"], ["./tests/e2e/support/summary-reporter.ts"]],
  webServer: {
    // `npm run dev` with the test run's ports and settings, none taken from the shell.
    command: "npx tsx tests/dev/dev-stack.ts",
    url: `${E2E_DEV_SITE_URL}/`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
  },
  use: {
    baseURL: E2E_DEV_SITE_URL,
    trace: "retain-on-failure",
    launchOptions: { executablePath: headlessShellExecutable(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: "dev", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
