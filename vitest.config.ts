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
    setupFiles: ["tests/unit/without-shell-settings.ts"],
  },
});
