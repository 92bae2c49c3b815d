/**
 * The site's own requests and the field signals' endpoint check (scripts/build/blocked-endpoint.ts)
 * against the content blockers' default lists themselves (lists.ts), each matched by Ghostery's
 * engine: no list blocks a request the site makes (EmailJS's send, reCAPTCHA's script, every file
 * of a production build with a first-party endpoint, that endpoint); the build refuses an endpoint
 * exactly when a list blocks it, over the names an operator may pick; each rule the build refuses
 * by is a rule of each list it names, each of which blocks what it refuses; Plausible's own address
 * is blocked as the build's warning says.
 * Run: npm run test:blockers (once installed, tsx tests/blockers/run.ts); its last line is
 * `blockers: N passed, N failed`, and any failure exits 1.
 */
import { readdir } from "node:fs/promises";
import { extname, join, relative, resolve } from "node:path";
import { FiltersEngine, Request, type RequestType } from "@ghostery/adblocker";
import {
  BLOCKED_ENDPOINT_RULES,
  type BlockingRule,
  blockingRule,
  DIRECT_ENDPOINT_RULE,
  directEndpointWarning,
  endpointAddress,
  UNBLOCKED_ENDPOINT_PATH,
} from "../../scripts/build/blocked-endpoint";
import { HOST_FILE_NAMES } from "../../scripts/build/host-files";
import { productionSettingFaults } from "../../scripts/build/production-settings";
import { readBuildSettings } from "../../server/preview";
import { DEFAULT_PLAUSIBLE_ENDPOINT } from "../../src/analytics/config";
import { DEFAULT_EMAILJS_ORIGIN, DEFAULT_RECAPTCHA_ORIGIN } from "../../src/lib/config";
import { buildSites } from "../e2e/support/site-builds";
import { E2E_WORK_DIR } from "../e2e/support/stack-ports";
import { STACK_BUILD_ENV } from "../e2e/support/stack-settings";
import { defaultLists } from "./lists";

const root = resolve(import.meta.dirname, "../..");
/** The site as the lists see it: its pages' origin, a name on the public internet. */
const SITE = "https://bulwark.dev";
const DOMAIN = "bulwark.dev";

const lists = defaultLists();
for (const list of lists) console.log(`list: ${list.title} (${list.source})`);
const engines = lists.map((list) => ({
  list,
  engine: FiltersEngine.parse(list.text, {
    loadCosmeticFilters: false,
    enableOptimizations: false,
  }),
}));

/** The titles of the lists that block `url`, requested as `type` by a page of `site`. */
function blockedBy(url: string, type: RequestType, site = SITE): string[] {
  const request = Request.fromRawDetails({ url, sourceUrl: `${site}/`, type });
  return engines.filter(({ engine }) => engine.match(request).match).map(({ list }) => list.title);
}

const results: boolean[] = [];
function check(name: string, failure: string | null) {
  results.push(failure === null);
  console.log(failure === null ? `✓ ${name}` : `✘ ${name}: ${failure}`);
}

const unblocked = (url: string, type: RequestType) => {
  const by = blockedBy(url, type);
  return by.length === 0 ? null : `blocked by ${by.join(", ")}`;
};

// The site's own requests: the form's send and the bot check's script (both third-party).
check(
  "EmailJS's send is blocked by no list",
  unblocked(`${DEFAULT_EMAILJS_ORIGIN}/api/v1.0/email/send`, "xmlhttprequest"),
);
for (const origin of [DEFAULT_RECAPTCHA_ORIGIN, "https://www.recaptcha.net"]) {
  check(
    `reCAPTCHA's script from ${origin} is blocked by no list`,
    unblocked(`${origin}/recaptcha/api.js?render=explicit&hl=en`, "script"),
  );
}

// A production build as a deploy makes it, the field signals proxied on the site's own origin.
const outDir = resolve(root, E2E_WORK_DIR, "blockers");
await buildSites([
  {
    name: "blockers",
    mode: "production",
    env: {
      ...STACK_BUILD_ENV,
      VITE_PLAUSIBLE_DOMAIN: DOMAIN,
      VITE_PLAUSIBLE_ENDPOINT: UNBLOCKED_ENDPOINT_PATH,
    },
    outDir,
  },
]);
const distDir = join(outDir, "dist");
/** How a browser asks for each file the build writes, by its extension. */
const TYPES: Record<string, RequestType> = {
  ".html": "main_frame",
  ".js": "script",
  ".css": "stylesheet",
  ".svg": "image",
  ".png": "image",
  ".webp": "image",
  ".ico": "image",
  ".woff2": "font",
};
const files = (await readdir(distDir, { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile())
  .map((entry) => `/${relative(distDir, join(entry.parentPath, entry.name))}`)
  .filter((path) => !(HOST_FILE_NAMES as readonly string[]).includes(path.slice(1)));
for (const file of files.sort()) {
  // Pages are served at their clean path: /index.html at /, /success.html at /success.
  const path = file.endsWith(".html") ? file.replace(/(index)?\.html$/, "") : file;
  check(
    `the built ${path || "/"} is blocked by no list`,
    unblocked(`${SITE}${path}`, TYPES[extname(file)] ?? "other"),
  );
}
const proxied = (await readBuildSettings(outDir)).analyticsProxy?.path;
check(
  `the built site's proxied endpoint ${proxied} is blocked by no list`,
  proxied === UNBLOCKED_ENDPOINT_PATH
    ? unblocked(`${SITE}${proxied}`, "xmlhttprequest")
    : `the build proxies ${proxied}, not ${UNBLOCKED_ENDPOINT_PATH}`,
);

// The names an operator may pick for the endpoint: hosts of the site's domain and paths on it.
const WORDS = [
  "plausible",
  "stats",
  "stat",
  "analytics",
  "metrics",
  "tracking",
  "tracker",
  "collector",
  "collect",
  "telemetry",
  "events",
  "insights",
  "beacon",
  "counter",
  "data",
  "p",
  "www",
];
const CANDIDATES: { endpoint: string; site?: string }[] = [
  ...WORDS.flatMap((word) => [
    { endpoint: `https://${word}.${DOMAIN}/api/event` },
    { endpoint: `/${word}/api/event` },
    { endpoint: `/${word}/event` },
  ]),
  ...[
    "https://plausible.bulwark.dev/js/script.outbound-links.js",
    "https://plausible.bulwark.dev/js/script.js",
    "https://plausible.bulwark.dev/api/event/p7",
    "https://plausible.bulwark.dev/p7",
    "/api/event",
    "/event",
    "/api/collect",
    "/api/collect/event",
    "/js/plausible.js",
    "/plausible.js",
    "/js/script.js",
    "/js/script.outbound-links.js",
    "/Stats/API/Event",
    UNBLOCKED_ENDPOINT_PATH,
  ].map((endpoint) => ({ endpoint })),
  // A path on a site whose own host a list names.
  { endpoint: UNBLOCKED_ENDPOINT_PATH, site: `https://stats.${DOMAIN}` },
  { endpoint: UNBLOCKED_ENDPOINT_PATH, site: `https://plausible.${DOMAIN}` },
];

/** A production build's settings, all usable, but for the endpoint on `site`. */
const deploy = (endpoint: string, site: string) => ({
  VITE_EMAILJS_PUBLIC_KEY: "key",
  VITE_EMAILJS_SERVICE_ID: "service_x",
  VITE_EMAILJS_TEMPLATE_ID: "template_x",
  SITE_URL: site,
  VITE_PLAUSIBLE_DOMAIN: DOMAIN,
  VITE_PLAUSIBLE_ENDPOINT: endpoint,
});

/** Each candidate: its address, whether the build refuses it (by which rule), the lists' word. */
const judged = CANDIDATES.map(({ endpoint, site = SITE }) => {
  const address = endpointAddress(endpoint, site) ?? "";
  return {
    name: site === SITE ? endpoint : `${endpoint} on ${site}`,
    address,
    site,
    refused: productionSettingFaults(deploy(endpoint, site)).length > 0,
    rule: blockingRule(address),
    by: blockedBy(address, "xmlhttprequest", site),
  };
});
for (const { name, refused, by } of judged) {
  const lists = by.length === 0 ? "no list blocks it" : `blocked by ${by.join(", ")}`;
  check(
    `${name}: ${refused ? "refused" : "accepted"}, and ${lists}`,
    refused === by.length > 0 ? null : `the build ${refused ? "refuses" : "accepts"} it`,
  );
}

// The lists block more than the build refuses (docs/deploying.md says so): other trackers' names.
for (const word of ["matomo", "fathom"]) {
  const endpoint = `https://${word}.${DOMAIN}/api/event`;
  const by = blockedBy(endpoint, "xmlhttprequest");
  check(
    `${endpoint}: accepted, though ${by.join(", ") || "no list"} blocks it`,
    by.length === 0
      ? "no list blocks it"
      : (productionSettingFaults(deploy(endpoint, SITE))[0] ?? null),
  );
}

/** The lines of a list that are `rule`, with or without options. */
function holds(title: string, rule: string): string | null {
  const list = lists.find((each) => each.title === title);
  if (!list) return `no default list here is titled ${title}`;
  const lines = list.text.split(/\r?\n/);
  return lines.some((line) => line === rule || line.startsWith(`${rule}$`))
    ? null
    : `${title} has no rule ${rule}`;
}

/** Whether each list `entry` names holds its rule and blocks each of `requests`. */
function ruleIsTheLists(
  { rule, lists: named }: BlockingRule,
  requests: { address: string; site: string }[],
): string | null {
  for (const title of named) {
    const fault = holds(title, rule);
    if (fault) return fault;
    const missed = requests.find(
      ({ address, site }) => !blockedBy(address, "xmlhttprequest", site).includes(title),
    );
    if (missed) return `${title} does not block ${missed.address}`;
  }
  return null;
}

for (const entry of BLOCKED_ENDPOINT_RULES) {
  const refused = judged.filter(({ rule }) => rule === entry);
  const which = entry.lists.length > 1 ? "each of which blocks" : "which blocks";
  check(
    `${entry.rule} is a rule of ${entry.lists.join(" and ")}, ${which} what it refuses`,
    refused.length === 0 ? "it refuses none of the names above" : ruleIsTheLists(entry, refused),
  );
}

const warned = directEndpointWarning({ VITE_PLAUSIBLE_DOMAIN: DOMAIN });
const warnedLists = DIRECT_ENDPOINT_RULE.lists.join(" and ");
check(
  `${DEFAULT_PLAUSIBLE_ENDPOINT} is blocked by ${warnedLists}, as the build warns`,
  warned?.includes(DIRECT_ENDPOINT_RULE.rule)
    ? ruleIsTheLists(DIRECT_ENDPOINT_RULE, [{ address: DEFAULT_PLAUSIBLE_ENDPOINT, site: SITE }])
    : "the build does not warn of it",
);

const passed = results.filter(Boolean).length;
console.log(`blockers: ${passed} passed, ${results.length - passed} failed`);
process.exit(passed === results.length ? 0 : 1);
