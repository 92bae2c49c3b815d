// Mutation testing (npm run test:mutation): Stryker mutates the signup's logic, the inline loader and
// the form's hooks, and runs the unit tests of src/ against each mutant (vitest.mutation.config.ts).

// The options: node_modules/@stryker-mutator/core/schema/stryker-schema.json.
export default {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  vitest: {
    configFile: "vitest.mutation.config.ts",
    related: false,
  },
  mutate: [
    "src/{lib,analytics}/**/*.ts",
    "!src/{lib,analytics}/**/*.test.ts",
    "src/waitlist/{core,hand-over,browser}/**/*.ts",
    "src/app/start-up/**/*.ts",
    "!src/app/**/*.test.ts",
    "!src/waitlist/**/*.test.ts",
    // The typo hint's corpus is test data, not logic.
    "!src/waitlist/core/typo-hint.test-corpus.ts",
    "src/waitlist/ui/use-waitlist-signup.ts",
    "src/waitlist/ui/use-typo-hint.ts",
  ],
  coverageAnalysis: "perTest",
  // Each run starts from the last one's results, committed beside Stryker (docs/testing.md,
  // "Mutation testing"): only mutants whose code or covering tests changed are tried again.
  // MUTATION_FULL=1 tries every mutant.
  incremental: true,
  incrementalFile: "tests/mutation/incremental.json",
  force: process.env.MUTATION_FULL === "1",
  // Stryker reads this file only to rewrite its `extends` and `references` for the sandbox, and
  // parses it with TypeScript's JS API, which TypeScript 7 does not have. tsconfig.json has neither
  // setting, so there is nothing to rewrite: no file is named (no type checker plugin reads it either).
  tsconfigFile: "",
  reporters: ["clear-text", "progress", "json", "html"],
  jsonReporter: {
    fileName: "reports/mutation/mutation.json",
  },
  htmlReporter: {
    fileName: "reports/mutation/mutation.html",
  },
  tempDirName: ".stryker-tmp",
  // Generated output is never copied into the sandbox: it is large, and a test run may be writing it.
  ignorePatterns: ["dist", "dist-ssr", ".e2e", ".local-stack", ".outbox"],
  thresholds: {
    high: 90,
    low: 85,
    break: 85,
  },
  concurrency: 2,
  timeoutMS: 10000,
};
