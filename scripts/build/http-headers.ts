/**
 * The one list of HTTP headers the site is served with (docs/behaviour.md, "Quality bars": Security):
 * the preview server sends them, the build writes them into the deploy files of static hosts, the
 * tests check them.
 */

import { IMMUTABLE_PATH_PREFIX, revalidatedPaths } from "../../src/site-paths";

export type HeaderMap = Record<string, string>;

/** What a build needs to know to serve itself: written by scripts/build/build.ts beside dist/. */
export type BuildSettings = {
  /** The EmailJS API origin the bundle sends to: the only other origin `connect-src` allows. */
  emailOrigin: string;
  /** `sha256-…` of every inline script in the prerendered pages (the entry loader; the JSON-LD is data, never run). */
  inlineScriptHashes: string[];
  /** `sha256-…` of every inline <style> (the site's CSS, inlined so the first paint needs no request). */
  inlineStyleHashes: string[];
  /**
   * Where the bot check's script comes from (VITE_RECAPTCHA_ORIGIN, Google by default), only in a
   * build with VITE_RECAPTCHA_SITE_KEY: the CSP then allows reCAPTCHA's sources.
   */
  recaptchaOrigin?: string;
  /**
   * Where the field signals post their events (VITE_PLAUSIBLE_ENDPOINT's origin), only in a build
   * with VITE_PLAUSIBLE_DOMAIN and an endpoint on another origin: connect-src gains it.
   */
  analyticsOrigin?: string;
  /**
   * The field signals' first-party endpoint (VITE_PLAUSIBLE_ENDPOINT, a path on the site's own
   * origin), where the hosts forward it (PLAUSIBLE_UPSTREAM) and the one domain its events may be
   * for (VITE_PLAUSIBLE_DOMAIN), only in a build with VITE_PLAUSIBLE_DOMAIN and such a path: the
   * deploy files gain each host's proxy (scripts/build/host-files.ts).
   */
  analyticsProxy?: { path: string; upstream: string; domain: string };
};

/** Where a build leaves its BuildSettings, relative to its output folder (beside dist/). */
export const BUILD_SETTINGS_FILE = "dist-ssr/build-settings.json";

const CACHE_IMMUTABLE = "public, max-age=31536000, immutable";
/**
 * A page may be kept, but is reused only once the host confirms it is current: what
 * `public, max-age=0, must-revalidate` said, in 27 B fewer of every page's first round trip.
 */
const CACHE_REVALIDATE = "no-cache";
/** An answer of the field signals' endpoint: no cache keeps it. */
const CACHE_NONE = "no-store";

const quoted = (hashes: string[]) => hashes.map((hash) => ` '${hash}'`).join("");

/**
 * The sources Google's reCAPTCHA FAQ lists for a CSP ("I'm using Content-Security-Policy (CSP) on my
 * website. How can I configure it to work with reCAPTCHA?"), www.google.com standing for the
 * configured origin (www.recaptcha.net, or the local stand-in in tests). Browsers that honour
 * 'strict-dynamic' load api.js as a script our trusted module inserted and ignore the script hosts;
 * they are the fallback for the others.
 */
function recaptchaSources(origin: string | undefined): {
  script: string;
  frame: string;
  connect: string;
} {
  if (!origin) return { script: "", frame: "", connect: "" };
  const base = `${new URL(origin).origin}/recaptcha/`;
  return {
    script: ` ${base} https://www.gstatic.com/recaptcha/`,
    frame: `${base} https://recaptcha.google.com/recaptcha/`,
    connect: ` ${base}`,
  };
}

export function contentSecurityPolicy(settings: BuildSettings): string {
  const { emailOrigin, inlineScriptHashes, inlineStyleHashes, recaptchaOrigin, analyticsOrigin } =
    settings;
  const email = new URL(emailOrigin).origin;
  const analyticsAt = analyticsOrigin ? new URL(analyticsOrigin).origin : email;
  const analytics = analyticsAt === email ? "" : ` ${analyticsAt}`;
  const recaptcha = recaptchaSources(recaptchaOrigin);
  return [
    // 'none' for whatever is not listed: object-src too, which so needs no directive of its own
    // (every byte of these headers is in each page's first round trip).
    "default-src 'none'",
    // Trust the hashed inline loader and, via 'strict-dynamic', the modules it loads; 'self' is only a
    // fallback for browsers without 'strict-dynamic' (they ignore it otherwise).
    `script-src 'strict-dynamic'${quoted(inlineScriptHashes)} 'self'${recaptcha.script}`,
    `style-src 'self'${quoted(inlineStyleHashes)}`,
    // data: for the one empty icon a page serves until the app links its icons (src/app/head.ts).
    "img-src 'self' data:",
    "manifest-src 'self'",
    `connect-src 'self' ${email}${recaptcha.connect}${analytics}`,
    "base-uri 'none'",
    // No form of the site navigates: the waitlist's is method="dialog", which never submits
    // anywhere (src/waitlist/ui/waitlist-form.tsx), and the app sends it by script.
    "form-action 'none'",
    ...(recaptcha.frame ? [`frame-src ${recaptcha.frame}`] : []),
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The security headers that are the same for every build. The bench serves its floors with them
 * too (scripts/bench/servers.ts): the opener policy puts a page in a browsing context group of its
 * own, which costs a page loaded from a blank tab a fresh renderer, and a floor must pay what every
 * page of the site pays.
 */
export const FIXED_SECURITY_HEADERS = {
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
} satisfies HeaderMap;

export function securityHeaders(settings: BuildSettings): HeaderMap {
  return {
    "Content-Security-Policy": contentSecurityPolicy(settings),
    ...FIXED_SECURITY_HEADERS,
  };
}

/**
 * Every answer of the field signals' endpoint (scripts/build/event-proxy/), its refusals and the
 * upstream's alike: the site's security headers, and no cache.
 */
export function eventProxyHeaders(settings: BuildSettings): HeaderMap {
  return { ...securityHeaders(settings), "Cache-Control": CACHE_NONE };
}

export function cacheControl(urlPath: string): string {
  return urlPath.startsWith(IMMUTABLE_PATH_PREFIX) ? CACHE_IMMUTABLE : CACHE_REVALIDATE;
}

/**
 * Cloudflare Pages adds `Access-Control-Allow-Origin: *` to every static answer; the site is read
 * by no other origin, so `_headers` detaches it (`! Name` is Cloudflare's syntax for that).
 */
const DETACHED_HEADERS = ["Access-Control-Allow-Origin"];

/**
 * Netlify and Cloudflare Pages `_headers`: security headers everywhere, cache rules by path (the
 * pages' URLs from src/site-paths.ts). Each rule is a block; the tests count them against what
 * wrangler reports having parsed.
 */
export function netlifyHeadersFile(settings: BuildSettings): string {
  const block = (path: string, headers: HeaderMap, detached: string[] = []) =>
    [
      path,
      ...detached.map((name) => `  ! ${name}`),
      ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`),
    ].join("\n");
  return `${[
    block("/*", securityHeaders(settings), DETACHED_HEADERS),
    block(`${IMMUTABLE_PATH_PREFIX}*`, { "Cache-Control": CACHE_IMMUTABLE }),
    ...revalidatedPaths().map((path) => block(path, { "Cache-Control": CACHE_REVALIDATE })),
  ].join("\n\n")}\n`;
}

/** Vercel `vercel.json`: the same headers; later rules win, so the asset rule comes last. */
export function vercelConfig(settings: BuildSettings): string {
  const list = (headers: HeaderMap) =>
    Object.entries(headers).map(([key, value]) => ({ key, value }));
  const config = {
    cleanUrls: true,
    trailingSlash: false,
    headers: [
      {
        source: "/(.*)",
        headers: list({ ...securityHeaders(settings), "Cache-Control": CACHE_REVALIDATE }),
      },
      {
        source: `${IMMUTABLE_PATH_PREFIX}(.*)`,
        headers: list({ "Cache-Control": CACHE_IMMUTABLE }),
      },
    ],
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}
