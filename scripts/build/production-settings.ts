/**
 * What a build refuses, one line each naming the setting (docs/configuration.md, "What a build
 * refuses"): an unknown mode; a missing EmailJS id or SITE_URL; a service URL or SITE_URL a
 * visitor's browser could not use from the public site (a host that is not public or cannot be
 * read, private-host.ts; not https:; a user name or password; an origin that is more than one; a
 * setting not written as the origin or URL it names); a field signals' endpoint path the site
 * already has (endpoint-path.ts), or an endpoint a default blocker list stops (blocked-endpoint.ts).
 * Called by scripts/build/build.ts before anything is built.
 */
import { DEFAULT_PLAUSIBLE_ENDPOINT } from "../../src/analytics/config";
import {
  BUILD_MODES,
  DEFAULT_EMAILJS_ORIGIN,
  DEFAULT_RECAPTCHA_ORIGIN,
  LOCAL_MODE,
} from "../../src/lib/config";
import { blockedEndpointFault, UNBLOCKED_ENDPOINT_PATH } from "./blocked-endpoint";
import { endpointPathFault } from "./endpoint-path";
import { type HostClass, type HostKind, hostClass } from "./private-host";

const EMAILJS_IDS = [
  "VITE_EMAILJS_PUBLIC_KEY",
  "VITE_EMAILJS_SERVICE_ID",
  "VITE_EMAILJS_TEMPLATE_ID",
] as const;
const EXAMPLE_SITE_URL = "https://bulwark.dev";

export type ProductionBuildOptions = {
  /**
   * The test stacks' production builds, whose EmailJS emulator, reCAPTCHA stand-in and site all
   * listen on this machine: an address on the loopback is accepted, over http: too. Only code
   * passes it, never a setting or a flag (docs/configuration.md, "Production builds on this machine").
   */
  localServices?: boolean;
};

/** Where a visitor's browser would end up on a host that is not public, by its kind. */
const WHERE: Record<Exclude<HostKind, "public" | "unparsable">, string> = {
  loopback: "itself",
  unspecified: "itself",
  local: "a machine on their own network",
  unreachable: "a host that is on no public network",
  placeholder: "a placeholder, where no one's service runs",
};

type Checked = { url: URL; host: HostClass } | { url: null };

/** The setting's value parsed, or null when it is no URL. */
function parse(value: string): Checked {
  try {
    const url = new URL(value);
    return { url, host: hostClass(url.hostname) };
  } catch {
    return { url: null };
  }
}

/** The value as the message shows it: on one line, whatever it holds, a password never. */
function shown(value: string, checked: Checked): string {
  const url = checked.url;
  const text =
    url && (url.username || url.password)
      ? `${url.protocol}//***@${url.host}${url.pathname}${url.search}${url.hash}`
      : // One that cannot be read may still hold a password before an @.
        value.replace(/\/\/[^/@]*@/, "//***@");
  return text.replace(/\s+/g, " ");
}

const hasCredentials = (url: URL) => url.username !== "" || url.password !== "";

/** A service the browser calls: its setting, what it is for, and the value to set instead. */
type Service = {
  setting: string;
  /** What every visitor's browser would do with a host off the public internet, given where. */
  reaching: (where: string) => string;
  /** What an http: origin breaks. */
  overHttp: string;
  /** Where a user name or password in the URL would be published. */
  published: string;
  /** An origin setting: scheme, host and port alone. */
  origin: boolean;
  fix: string;
};

const EMAILJS: Service = {
  setting: "VITE_EMAILJS_ORIGIN",
  reaching: (where) => `every visitor's browser would post their address to ${where}`,
  overHttp:
    "every address would cross the network unencrypted, and browsers refuse the request from an " +
    "https: page, so no signup would arrive",
  published: "in every page's JavaScript",
  origin: true,
  fix: `Set it to ${DEFAULT_EMAILJS_ORIGIN} (or unset it).`,
};

const RECAPTCHA: Service = {
  setting: "VITE_RECAPTCHA_ORIGIN",
  reaching: (where) =>
    `every visitor's browser would ask ${where} for the bot check's script, so no signup would send`,
  overHttp:
    "browsers refuse an http: script on an https: page, so the bot check would never run and no " +
    "signup would send",
  published: "in every page's JavaScript",
  origin: true,
  fix: `Set it to ${DEFAULT_RECAPTCHA_ORIGIN} or https://www.recaptcha.net (or unset it).`,
};

const PLAUSIBLE: Service = {
  setting: "VITE_PLAUSIBLE_ENDPOINT",
  reaching: (where) => `every visitor's browser would post its page views to ${where}`,
  overHttp:
    "browsers refuse the request from an https: page, so no visit or signup would be counted",
  published: "in every page's JavaScript",
  origin: false,
  fix: `Set it to ${DEFAULT_PLAUSIBLE_ENDPOINT}, a self-hosted Plausible's https: address, or a path on this site such as ${UNBLOCKED_ENDPOINT_PATH} (or unset it).`,
};

const PLAUSIBLE_UPSTREAM: Service = {
  setting: "PLAUSIBLE_UPSTREAM",
  reaching: (where) => `the hosts would forward every visitor's page views to ${where}`,
  overHttp: "the hosts would forward page views unencrypted",
  published: "in the hosts' files, which Netlify serves to anyone who asks",
  origin: false,
  fix: `Set it to ${DEFAULT_PLAUSIBLE_ENDPOINT} or a self-hosted Plausible's https: event address (or unset it).`,
};

const onThisMachine = (checked: Checked, options: ProductionBuildOptions) =>
  options.localServices === true && checked.url !== null && checked.host.kind === "loopback";

/**
 * A setting not written as what it names: `https:api.emailjs.com` or `https://api.emailjs.com/` for
 * the origin `https://api.emailjs.com`. The checks judge the parsed URL, and the build ships the
 * parsed origin (src/lib/config.ts, build.ts); a setting that differs from it is refused, so what was
 * checked, what ships and what is set are one string.
 */
function spellingFault(is: string, value: string, named: string, what: "origin" | "URL") {
  if (value === named) return null;
  return (
    `${is}, not written as the ${what} it names, ${named}: the build checks and ships that ` +
    `${what}, so the setting must be it. Set it to ${named}.`
  );
}

function serviceFault(service: Service, value: string, options: ProductionBuildOptions) {
  const checked = parse(value);
  const is = `Build stopped: ${service.setting} is ${shown(value, checked)}`;
  if (checked.url === null) return `${is}, not a URL. ${service.fix}`;
  const { url, host } = checked;
  if (hasCredentials(url)) {
    return `${is}, a URL with a user name or password: the build would publish them ${service.published}. ${service.fix}`;
  }
  const spelling = service.origin
    ? spellingFault(is, value, url.origin, "origin")
    : spellingFault(is, value, url.href, "URL");
  if (onThisMachine(checked, options)) return spelling;
  if (host.kind === "unparsable" && /^https?:$/.test(url.protocol)) {
    return `${is}, whose host cannot be read as a name or an address. ${service.fix}`;
  }
  if (host.kind !== "public" && host.kind !== "unparsable") {
    return `${is}, ${host.what}: ${service.reaching(WHERE[host.kind])}. ${service.fix}`;
  }
  if (url.protocol !== "https:") {
    return `${is}, not an https: origin: ${service.overHttp}. ${service.fix}`;
  }
  if (service.origin && url.href !== `${url.origin}/`) {
    return (
      `${is}, not a bare origin (scheme, host and port, with no path, query or fragment): the ` +
      `browser's requests would go elsewhere than the service's own paths. ${service.fix}`
    );
  }
  return spelling;
}

function siteUrlFault(value: string, options: ProductionBuildOptions) {
  const checked = parse(value);
  const is = `Build stopped: SITE_URL is ${shown(value, checked)}`;
  const fix = `Set it to the site's public https: address, such as ${EXAMPLE_SITE_URL}.`;
  if (checked.url === null) return `${is}, not a URL. ${fix}`;
  const { url, host } = checked;
  if (hasCredentials(url)) {
    return `${is}, a URL with a user name or password: every page's canonical link and the sitemap would publish them. ${fix}`;
  }
  const spelling = spellingFault(is, value, url.origin, "origin");
  if (onThisMachine(checked, options)) return spelling;
  if (host.kind === "unparsable" && /^https?:$/.test(url.protocol)) {
    return `${is}, whose host cannot be read as a name or an address. ${fix}`;
  }
  if (host.kind === "loopback" || host.kind === "unspecified") {
    return (
      `${is}, ${host.what}: canonical links, the sitemap and sharing cards ` +
      `would point every visitor at their own machine. ${fix}`
    );
  }
  if (host.kind === "unreachable" || host.kind === "local" || host.kind === "placeholder") {
    const where =
      host.kind === "local"
        ? "a host only a local network reaches, never search engines or visitors elsewhere"
        : WHERE[host.kind];
    return `${is}, ${host.what}: canonical links, the sitemap and sharing cards would point at ${where}. ${fix}`;
  }
  if (url.protocol !== "https:") {
    return (
      `${is}, not an https: address: canonical links, the sitemap and sharing cards would send ` +
      `visitors and search engines to an unencrypted copy. ${fix}`
    );
  }
  return spelling;
}

/** The missing settings a production build needs, in one line, or null. */
function missingFault(env: Record<string, string | undefined>): string | null {
  const ids = EMAILJS_IDS.filter((name) => !env[name]?.trim());
  const siteUrl = env.SITE_URL?.trim() ? [] : ["SITE_URL"];
  const missing = [...ids, ...siteUrl];
  if (missing.length === 0) return null;
  const reasons = [
    ...(ids.length > 0 ? ["without the EmailJS ids the waitlist form cannot send"] : []),
    ...(siteUrl.length > 0
      ? [
          "without SITE_URL, the site's public https: address, canonical links, the sitemap and " +
            "sharing cards have nowhere to point",
        ]
      : []),
  ];
  return (
    `Build stopped: a production build needs ${missing.join(", ")}: ${reasons.join("; ")}. ` +
    `Set ${missing.length === 1 ? "it" : "them"} in the environment or in .env (see .env.example), ` +
    "or run `npm run build:local` to build against the local emulator."
  );
}

/**
 * What every build refuses, local ones too: a field signals' endpoint path that a page, the
 * build's assets or a file the build writes already has (endpoint-path.ts), one line.
 */
export function localSettingFaults(env: Record<string, string | undefined>): string[] {
  const endpoint = env.VITE_PLAUSIBLE_ENDPOINT?.trim();
  const fault = endpoint?.startsWith("/") ? endpointPathFault(endpoint) : null;
  return fault ? [fault] : [];
}

/**
 * Every reason a production build with `env` must stop, one line each beginning "Build stopped:";
 * empty when it may go on.
 */
export function productionSettingFaults(
  env: Record<string, string | undefined>,
  options: ProductionBuildOptions = {},
): string[] {
  const emailOrigin = env.VITE_EMAILJS_ORIGIN?.trim();
  const recaptchaOrigin = env.VITE_RECAPTCHA_ORIGIN?.trim();
  const siteUrl = env.SITE_URL?.trim();
  const endpoint = env.VITE_PLAUSIBLE_ENDPOINT?.trim();
  const upstream = env.PLAUSIBLE_UPSTREAM?.trim();
  const endpointFaults = [
    ...localSettingFaults(env),
    endpoint && !endpoint.startsWith("/") ? serviceFault(PLAUSIBLE, endpoint, options) : null,
  ].filter((fault) => fault !== null);
  // Whether the blockers' lists stop an endpoint matters only once it is one the site can use.
  const blocked =
    endpoint && endpointFaults.length === 0 ? blockedEndpointFault(endpoint, siteUrl) : null;
  const faults = [
    missingFault(env),
    emailOrigin ? serviceFault(EMAILJS, emailOrigin, options) : null,
    recaptchaOrigin ? serviceFault(RECAPTCHA, recaptchaOrigin, options) : null,
    ...endpointFaults,
    blocked,
    upstream ? serviceFault(PLAUSIBLE_UPSTREAM, upstream, options) : null,
    siteUrl ? siteUrlFault(siteUrl, options) : null,
  ];
  return faults.filter((fault) => fault !== null);
}

/**
 * Every reason a build in `mode` with `env` must stop, one line each: an unknown mode; in the local
 * mode, against the emulator, only what breaks the site itself (localSettingFaults); in any other,
 * everything above.
 */
export function buildSettingFaults(
  mode: string,
  env: Record<string, string | undefined>,
  options: ProductionBuildOptions = {},
): string[] {
  if (!(BUILD_MODES as readonly string[]).includes(mode)) {
    return [
      `Build stopped: the mode ${JSON.stringify(mode)} is none of the known ones: production (a ` +
        `deploy, every setting checked) or ${LOCAL_MODE} (a local build against the emulator).`,
    ];
  }
  return mode === LOCAL_MODE ? localSettingFaults(env) : productionSettingFaults(env, options);
}
