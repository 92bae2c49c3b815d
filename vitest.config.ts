import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));
/** Where the unit tests are, beside their modules (tests/unit's top level only). */
const TEST_DIRS = ["src", "emails", "server", "scripts", "tests/unit"];
const TEST_FILE = /\.test\.ts$/;

/** The unit test files under `dir`, as paths from the root. */
function testFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === "node_modules" || dir === "tests/unit" ? [] : testFiles(path);
    }
    return TEST_FILE.test(entry.name) ? [path] : [];
  });
}

/**
 * The files that replace a module (`vi.mock`): each needs modules of its own, where a shared cache
 * would hand it the module a file before it loaded, unmocked.
 */
const mocking = TEST_DIRS.flatMap(testFiles).filter((path) =>
  readFileSync(join(root, path), "utf8").includes("vi.mock("),
);

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
    // A worker's files share the modules they load (loading them afresh for each file was about a
    // third of Vitest's time), but for the files that mock one. So a file puts back what it
    // stubs or spies on after each test (`afterEach`), as each does.
    projects: [
      {
        extends: true,
        test: {
          name: "shared",
          include: TEST_DIRS.map((dir) => `${dir}/${dir === "tests/unit" ? "" : "**/"}*.test.ts`),
          exclude: [...configDefaults.exclude, ...mocking],
          isolate: false,
        },
      },
      { extends: true, test: { name: "mocking", include: mocking } },
    ],
  },
});
