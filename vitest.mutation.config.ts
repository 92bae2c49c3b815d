// The unit tests Stryker runs against each mutant of src/lib, src/analytics, the waitlist's logic (its core,
// hand-over and browser adapters), the site's start-up (the inline loader) and the form's hook (npm run test:mutation): the ones
// under src, each file with modules of its own. The build and emulator tests would only slow it
// down, and the build bundles the inline loader from the instrumented sources.
import { defineConfig } from "vitest/config";
import base from "./vitest.config";

export default defineConfig({
  ...base,
  test: { ...base.test, projects: undefined, include: ["src/**/*.test.ts"] },
});
