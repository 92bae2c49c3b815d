/**
 * Where the test stack listens: apart from `npm start`'s ports so both can run at once, and movable
 * with E2E_PORT_BASE so two test runs on one machine do not collide. Ports and the addresses made of
 * them only: the stack's timing is stack-timing.ts's.
 */
/** Where the ports start unless E2E_PORT_BASE moves them. */
export const DEFAULT_PORT_BASE = 4310;
const base = Number(process.env.E2E_PORT_BASE) || DEFAULT_PORT_BASE;

/**
 * Every port a test run listens on, as an offset from E2E_PORT_BASE: one part, one port, so no two
 * parts collide whatever runs beside what (tests/unit/stack-ports.test.ts holds it;
 * scripts/quality/doc-figures.test.ts, that the documents count them right).
 */
export const PORT_OFFSETS = {
  site: 0,
  emulator: 1,
  productionSite: 2,
  misconfiguredSite: 3,
  hostsSite: 4,
  botCheckSite: 5,
  botCheckEmulator: 6,
  analyticsSite: 7,
  /**
   * The hosts' tests of the field signals' proxy: wrangler serving a build with it, and Netlify's
   * CLI (`netlify serve`) serving the same build, with the static server behind it.
   */
  hostsProxySite: 8,
  hostsNetlifySite: 9,
  /** The other engines' runs: WebKitWebDriver and the script-gate proxy. */
  enginesWebDriver: 10,
  enginesScriptGate: 11,
  hostsNetlifyStatic: 12,
  /** `npm run dev` and its emulator, for the dev-mode check (tests/e2e/dev/). */
  devSite: 13,
  devEmulator: 14,
} as const;

/** The port of one part of a test run. */
export const portOf = (part: keyof typeof PORT_OFFSETS): number => base + PORT_OFFSETS[part];

/** Ports from 1024 up that Chromium refuses to load (net::ERR_UNSAFE_PORT): 6000 is X11's. */
const BROWSER_REFUSED_PORTS = new Set([
  1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669,
  6679, 6697, 10080,
]);

/** The parts that `portBase` would put on a port the browser refuses, each with its port. */
export function refusedParts(portBase: number): string[] {
  return Object.entries(PORT_OFFSETS)
    .filter(([, offset]) => BROWSER_REFUSED_PORTS.has(portBase + offset))
    .map(([part, offset]) => `${part} (${portBase + offset})`);
}

const refused = refusedParts(base);
if (refused.length > 0) {
  throw new Error(
    `E2E_PORT_BASE=${base} puts ${refused.join(", ")} on a port Chromium refuses to load (ERR_UNSAFE_PORT): choose another base.`,
  );
}

/** The site built for the emulator, with the SDK's anti-abuse checks off (as in `npm start`). */
export const E2E_SITE_URL = `http://127.0.0.1:${portOf("site")}`;
/** The local EmailJS emulator every build of the stack sends to. */
export const E2E_EMULATOR_PORT = portOf("emulator");
export const E2E_EMULATOR_URL = `http://127.0.0.1:${E2E_EMULATOR_PORT}`;
/** The same site built in production mode (blockHeadless and limitRate on), also on the emulator. */
export const E2E_PRODUCTION_SITE_URL = `http://127.0.0.1:${portOf("productionSite")}`;
/**
 * A build whose template id is missing, to prove the SDK's own refusal reaches the visitor; built
 * without the privacy and security contacts too, for the page's neutral wording.
 */
export const E2E_MISCONFIGURED_SITE_URL = `http://127.0.0.1:${portOf("misconfiguredSite")}`;
/**
 * A build with the bot check (VITE_RECAPTCHA_SITE_KEY: reCAPTCHA v2 invisible), its script from the
 * emulator's stand-in for Google, sending to an emulator of its own whose template requires a token.
 */
export const E2E_BOT_CHECK_SITE_URL = `http://127.0.0.1:${portOf("botCheckSite")}`;
export const E2E_BOT_CHECK_EMULATOR_PORT = portOf("botCheckEmulator");
export const E2E_BOT_CHECK_EMULATOR_URL = `http://127.0.0.1:${E2E_BOT_CHECK_EMULATOR_PORT}`;
/**
 * A build with the field signals (VITE_PLAUSIBLE_DOMAIN: Plausible's tracker), posting its events
 * to the stack's emulator, which plays Plausible's event API.
 */
export const E2E_ANALYTICS_SITE_URL = `http://127.0.0.1:${portOf("analyticsSite")}`;
export const E2E_WORK_DIR = `.e2e/${base}`;
/**
 * `npm run dev` and its emulator, started by the e2e stack (test-stack.ts, dev-stack.ts) when a run
 * picks the dev-mode check.
 */
export const E2E_DEV_SITE_URL = `http://127.0.0.1:${portOf("devSite")}`;
export const E2E_DEV_EMULATOR_PORT = portOf("devEmulator");
/**
 * The production build served by Cloudflare's own runtime (`wrangler pages dev`), for
 * playwright.hosts.config.ts; it shares the emulator's port with the main run and runs after it.
 */
export const E2E_HOSTS_SITE_URL = `http://127.0.0.1:${portOf("hostsSite")}`;
/**
 * What the e2e stack prints once every site answers: playwright.config.ts waits for it, so a site
 * added to the stack needs no other change.
 */
export const STACK_READY = "e2e stack ready";
