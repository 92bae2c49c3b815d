/**
 * Which of the stack's sites a run needs, so one spec file builds only what it uses: the local site
 * (every test's baseURL), and each other site whose address a spec names, itself or through the
 * support modules it imports (a test reaches another site only by its address from
 * stack-ports.ts). playwright.config.ts reads the run's test filters from its command line; a
 * command line it does not fully understand, or no filter, means every site.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

/** The site each address of stack-ports.ts is served by. */
const SITE_OF_ADDRESS = {
  E2E_SITE_URL: "local",
  E2E_PRODUCTION_SITE_URL: "production",
  E2E_MISCONFIGURED_SITE_URL: "misconfigured",
  E2E_BOT_CHECK_SITE_URL: "bot-check",
  E2E_ANALYTICS_SITE_URL: "analytics",
} as const;

/** The sites of the stack, each built once per run at most. */
export const STACK_SITES = Object.values(SITE_OF_ADDRESS);

/** `npm run dev`, started beside the stack (dev-stack.ts) for a run that picks a spec naming it. */
export const DEV_SERVER = "dev";
const SERVER_OF_ADDRESS = { ...SITE_OF_ADDRESS, E2E_DEV_SITE_URL: DEV_SERVER };

/** The modules that name every site's address to define or serve them, not to use them. */
const STACK_MODULES = /\/support\/(stack-ports|test-stack|dev-stack|spec-sites)\.ts$/;

/** `playwright test` options that take a value, and those that take none: any other means all. */
const WITH_VALUE = new Set([
  "-c",
  "--config",
  "-g",
  "--grep",
  "-G",
  "--grep-invert",
  "-j",
  "--workers",
  "--repeat-each",
  "--reporter",
  "--add-reporter",
  "--retries",
  "--timeout",
  "--global-timeout",
  "--max-failures",
  "--output",
  "--trace",
]);
const WITHOUT_VALUE = new Set([
  "-x",
  "--headed",
  "--list",
  "--quiet",
  "--forbid-only",
  "--fully-parallel",
  "--pass-with-no-tests",
  "--fail-on-flaky-tests",
  "--ignore-snapshots",
]);

/**
 * The test filters of a `playwright test` command line (`argv` after `test`), or undefined where
 * it selects every file or in a way this does not follow (--last-failed, --project, ...).
 */
export function testFilters(argv: readonly string[]): string[] | undefined {
  const at = argv.indexOf("test");
  if (at < 0) return undefined;
  const filters: string[] = [];
  for (let i = at + 1; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith("-")) filters.push(arg);
    else if (WITH_VALUE.has(arg)) i++;
    else if (!WITHOUT_VALUE.has(arg) && !WITH_VALUE.has(arg.split("=")[0] as string)) {
      return undefined;
    }
  }
  return filters.length > 0 ? filters : undefined;
}

/** Every spec file under `dir`. */
function specFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".spec.ts"))
    .map((path) => resolve(dir, path));
}

/** Whether a filter (a path, a part of one, or a pattern, with an optional `:line`) picks `file`. */
function picks(filter: string, file: string): boolean {
  const path = filter.replace(/(:\d+)+$/, "");
  if (file.startsWith(resolve(path)) || file.includes(path)) return true;
  try {
    return new RegExp(path).test(file);
  } catch {
    return false;
  }
}

/** The sites (and the dev server) `file` names, itself or through the support modules it imports. */
function sitesNamedBy(file: string, seen = new Set<string>()): Set<string> {
  const sites = new Set<string>();
  if (seen.has(file) || STACK_MODULES.test(file)) return sites;
  seen.add(file);
  const text = readFileSync(file, "utf8");
  for (const [address, site] of Object.entries(SERVER_OF_ADDRESS)) {
    if (new RegExp(`\\b${address}\\b`).test(text)) sites.add(site);
  }
  for (const [, module] of text.matchAll(/from "(\.{1,2}\/[^"]+)"/g)) {
    const path = resolve(dirname(file), module as string);
    const source = path.endsWith(".ts") ? path : `${path}.ts`;
    if (!source.includes("/tests/")) continue;
    try {
      for (const site of sitesNamedBy(source, seen)) sites.add(site);
    } catch {
      // A module that is not a file of its own (a folder, a package): it names no site.
    }
  }
  return sites;
}

/**
 * The sites a run of the specs under `testDir` picked by `argv` needs, with DEV_SERVER where it
 * needs the dev server, in no order; undefined for every site and the dev server (no filter, a
 * command line not followed, or no spec picked). Each picked spec needs the local site, its base,
 * but the dev-mode check's.
 */
export function sitesForRun(argv: readonly string[], testDir: string): string[] | undefined {
  const filters = testFilters(argv);
  if (!filters) return undefined;
  const picked = specFiles(testDir).filter((file) => filters.some((f) => picks(f, file)));
  if (picked.length === 0) return undefined;
  const sites = new Set<string>();
  for (const file of picked) {
    const named = sitesNamedBy(file);
    // The local site is every test's base, but for the dev-mode check's, whose base is the dev server.
    if (!named.has(DEV_SERVER)) sites.add("local");
    for (const site of named) sites.add(site);
  }
  return [...sites];
}
