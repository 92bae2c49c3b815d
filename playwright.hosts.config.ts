import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, headlessShellExecutable } from "./tests/e2e/support/browser";
import { E2E_HOSTS_SITE_URL, E2E_WORK_DIR } from "./tests/e2e/support/stack-ports";

/**
 * The deploy output on the hosts' own runtimes (docs/deploying.md): the production build served by
 * `wrangler pages dev`, and Vercel's routes from `vercel build`. Run: npm run test:hosts.
 */
export default defineConfig({
  testDir: "tests/hosts",
  outputDir: `${E2E_WORK_DIR}/hosts-results`,
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  reporter: [["list"]],
  webServer: {
    command: "npx tsx tests/hosts/host-stack.ts",
    url: `${E2E_HOSTS_SITE_URL}/`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
  use: {
    baseURL: E2E_HOSTS_SITE_URL,
    trace: "retain-on-failure",
    launchOptions: { executablePath: headlessShellExecutable(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
