/**
 * What a production build refuses, one line each (docs/configuration.md, "What a production build
 * refuses"): a missing EmailJS id or SITE_URL, and a service origin or SITE_URL a visitor's browser
 * could not use from the public site. Called by scripts/build/build.ts before anything is built.
 */
import { DEFAULT_PLAUSIBLE_ENDPOINT } from "../../src/lib/analytics-config";
import { DEFAULT_EMAILJS_ORIGIN, DEFAULT_RECAPTCHA_ORIGIN } from "../../src/lib/config";
import { type HostKind, hostKind } from "./private-host";

const EMAILJS_IDS = [
  "VITE_EMAILJS_PUBLIC_KEY",
  "VITE_EMAILJS_SERVICE_ID",
  "VITE_EMAILJS_TEMPLATE_ID",
] as const;
const EXAMPLE_SITE_URL = "https://bulwark.example.com";

export type ProductionBuildOptions = {
  /**
   * The test stacks' production builds, whose EmailJS emulator, reCAPTCHA stand-in and site all
   * listen on this machine: an address on the loopback is accepted, over http: too. Only code
   * passes it, never a setting or a flag (docs/configuration.md, "Production builds on this machine").
   */
  localServices?: boolean;
};

/** A non-public host, in words, and where a visitor's browser would reach it. */
const HOST_WORDS: Record<Exclude<HostKind, "public">, { kind: string; where: string }> = {
  loopback: { kind: "a loopback address", where: "itself" },
  unspecified: { kind: "the unspecified address", where: "itself" },
  private: { kind: "a private address", where: "a machine on their own network" },
  "link-local": { kind: "a link-local address", where: "a machine on their own network" },
  "unique-local": { kind: "a unique-local address", where: "a machine on their own network" },
};

type Checked = { url: URL; kind: HostKind } | { url: null };

/** The setting's value parsed, or null when it is no URL. */
function parse(value: string): Checked {
  try {
    const url = new URL(value);
    return { url, kind: hostKind(url.hostname) };
  } catch {
    return { url: null };
  }
}

/** The value as the message shows it: on one line, whatever it holds. */
const shown = (value: string) => value.replace(/\s+/g, " ");

/** A service the browser calls: its setting, what it is for, and the value to set instead. */
type Service = {
  setting: string;
  /** What every visitor's browser would do with a host off the public internet, given where. */
  reaching: (where: string) => string;
  /** What an http: origin breaks. */
  overHttp: string;
  fix: string;
};

const EMAILJS: Service = {
  setting: "VITE_EMAILJS_ORIGIN",
  reaching: (where) => `every visitor's browser would post their address to ${where}`,
  overHttp:
    "every address would cross the network unencrypted, and browsers refuse the request from an " +
    "https: page, so no signup would arrive",
  fix: `Set it to ${DEFAULT_EMAILJS_ORIGIN} (or unset it).`,
};

const RECAPTCHA: Service = {
  setting: "VITE_RECAPTCHA_ORIGIN",
  reaching: (where) =>
    `every visitor's browser would ask ${where} for the bot check's script, so no signup would send`,
  overHttp:
    "browsers refuse an http: script on an https: page, so the bot check would never run and no " +
    "signup would send",
  fix: `Set it to ${DEFAULT_RECAPTCHA_ORIGIN} or https://www.recaptcha.net (or unset it).`,
};

const PLAUSIBLE: Service = {
  setting: "VITE_PLAUSIBLE_ENDPOINT",
  reaching: (where) => `every visitor's browser would post its page views to ${where}`,
  overHttp:
    "browsers refuse the request from an https: page, so no visit or signup would be counted",
  fix: `Set it to ${DEFAULT_PLAUSIBLE_ENDPOINT}, a self-hosted Plausible's https: address, or a path on this site such as /stats/api/event (or unset it).`,
};

const PLAUSIBLE_UPSTREAM: Service = {
  setting: "PLAUSIBLE_UPSTREAM",
  reaching: (where) => `the hosts would forward every visitor's page views to ${where}`,
  overHttp: "the hosts would forward page views unencrypted",
  fix: `Set it to ${DEFAULT_PLAUSIBLE_ENDPOINT} or a self-hosted Plausible's https: event address (or unset it).`,
};

const onThisMachine = (checked: Checked, options: ProductionBuildOptions) =>
  options.localServices === true && checked.url !== null && checked.kind === "loopback";

function serviceFault(service: Service, value: string, options: ProductionBuildOptions) {
  const checked = parse(value);
  const is = `Build stopped: ${service.setting} is ${shown(value)}`;
  if (checked.url === null) return `${is}, not a URL. ${service.fix}`;
  if (onThisMachine(checked, options)) return null;
  if (checked.kind !== "public") {
    const { kind, where } = HOST_WORDS[checked.kind];
    return `${is}, ${kind}: ${service.reaching(where)}. ${service.fix}`;
  }
  if (checked.url.protocol !== "https:") {
    return `${is}, not an https: origin: ${service.overHttp}. ${service.fix}`;
  }
  return null;
}

function siteUrlFault(value: string, options: ProductionBuildOptions) {
  const checked = parse(value);
  const is = `Build stopped: SITE_URL is ${shown(value)}`;
  const fix = `Set it to the site's public https: address, such as ${EXAMPLE_SITE_URL}.`;
  if (checked.url === null) return `${is}, not a URL. ${fix}`;
  if (onThisMachine(checked, options)) return null;
  if (checked.kind === "loopback" || checked.kind === "unspecified") {
    return (
      `${is}, ${HOST_WORDS[checked.kind].kind}: canonical links, the sitemap and sharing cards ` +
      `would point every visitor at their own machine. ${fix}`
    );
  }
  if (checked.url.protocol !== "https:") {
    return (
      `${is}, not an https: address: canonical links, the sitemap and sharing cards would send ` +
      `visitors and search engines to an unencrypted copy. ${fix}`
    );
  }
  return null;
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
  // A path on the site's own origin is the site's (the hosts forward it): nothing to check there.
  const plausibleEndpoint = env.VITE_PLAUSIBLE_ENDPOINT?.trim();
  const checkedEndpoint = plausibleEndpoint?.startsWith("/") ? undefined : plausibleEndpoint;
  const upstream = env.PLAUSIBLE_UPSTREAM?.trim();
  const faults = [
    missingFault(env),
    emailOrigin ? serviceFault(EMAILJS, emailOrigin, options) : null,
    recaptchaOrigin ? serviceFault(RECAPTCHA, recaptchaOrigin, options) : null,
    checkedEndpoint ? serviceFault(PLAUSIBLE, checkedEndpoint, options) : null,
    upstream ? serviceFault(PLAUSIBLE_UPSTREAM, upstream, options) : null,
    siteUrl ? siteUrlFault(siteUrl, options) : null,
  ];
  return faults.filter((fault) => fault !== null);
}
