import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The build-time constants (vite.config.ts) as a build without the bot check and the field
  // signals, sending to EmailJS's own origin, has them.
  define: {
    __EMAILJS_ORIGIN__: '"https://api.emailjs.com"',
    __BOT_CHECK_ON__: "false",
    __RECAPTCHA_SITE_KEY__: '""',
    __RECAPTCHA_ORIGIN__: '""',
    __ANALYTICS_ON__: "false",
    __PLAUSIBLE_DOMAIN__: '""',
    __PLAUSIBLE_ENDPOINT__: '""',
    __PLAUSIBLE_LOCAL__: "false",
  },
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    include: [
      "src/**/*.test.ts",
      "emails/**/*.test.ts",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/unit/*.test.ts",
    ],
    environment: "node",
    // Every core: Vitest's default leaves one free, which on 2 cores runs the files one at a time.
    maxWorkers: "100%",
    // A test's budget, as the browser tests' (playwright.config.ts): some tests do real work (bundle
    // the hosts' functions, start an emulator, make git repositories, check thousands of URLs),
    // which takes as long as a shared machine makes it; Vitest's 5 s failed them beside another
    // clone's test run. Their waits on time run on fake clocks, so a budget never hides a race.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ["tests/unit/without-shell-settings.ts"],
  },
});
