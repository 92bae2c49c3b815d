import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The bot check's and the field signals' build-time constants (vite.config.ts) as a build
  // without them has them.
  define: {
    __BOT_CHECK_ON__: "false",
    __RECAPTCHA_SITE_KEY__: '""',
    __RECAPTCHA_ORIGIN__: '""',
    __ANALYTICS_ON__: "false",
    __PLAUSIBLE_DOMAIN__: '""',
    __PLAUSIBLE_ENDPOINT__: '""',
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
    setupFiles: ["tests/unit/without-shell-settings.ts"],
  },
});
