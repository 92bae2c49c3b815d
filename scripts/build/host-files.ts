/**
 * The files static hosts read from dist/ and must never serve: `_headers` and `_redirects`
 * (Cloudflare Pages, Netlify), `vercel.json` and `.vercelignore` (Vercel, with dist/ as the
 * project's root), and, with a first-party endpoint for the field signals, the event proxy for each
 * host: `_worker.js` and `_routes.json` (Cloudflare Pages' advanced mode), `middleware.js` (Vercel)
 * and, beside dist/, Netlify's edge function. Written by scripts/build/build.ts; docs/deploying.md
 * says which host reads which.
 */
import { notFoundPage } from "../../src/site-paths";
import { bundleEventProxy } from "./event-proxy/bundle";
import type { EventProxySettings } from "./event-proxy/handler";
import {
  type BuildSettings,
  eventProxyHeaders,
  netlifyHeadersFile,
  vercelConfig,
} from "./http-headers";

/**
 * A path no build ever writes: a `_redirects` rewrite to it makes the host answer with its
 * not-found page and status 404 (Cloudflare Pages accepts no 404 status in `_redirects`).
 */
const NOWHERE_PATH = "/.not-found";

/** The deploy files every build writes. */
const DEPLOY_FILE_NAMES = ["_headers", "_redirects", "vercel.json", ".vercelignore"] as const;
/**
 * Cloudflare Pages' worker and the one route it runs for, and Vercel's middleware: only in a build
 * with a proxy.
 */
const PROXY_FILE_NAMES = ["_worker.js", "_routes.json", "middleware.js"] as const;

/** The deploy files, by name, which a host that does not read them would serve as it serves a page. */
export const HOST_FILE_NAMES = [...DEPLOY_FILE_NAMES, ...PROXY_FILE_NAMES] as const;

type HostFileName = (typeof HOST_FILE_NAMES)[number];
type AnalyticsProxy = NonNullable<BuildSettings["analyticsProxy"]>;

/**
 * A path every host's format takes literally: segments of letters, digits, `-`, `_`, `.` and `~`,
 * none only dots (no pattern, placeholder, query or space).
 */
const PLAIN_PATH = /^(\/(?!\.+(\/|$))[\w.~-]+)+$/;

/** The proxy's settings, or an error naming the setting that no host's rule could carry. */
function checkedProxy(proxy: AnalyticsProxy): AnalyticsProxy {
  if (!PLAIN_PATH.test(proxy.path)) {
    throw new Error(
      `VITE_PLAUSIBLE_ENDPOINT ${JSON.stringify(proxy.path)} is not a plain path (segments of letters, digits, "-", "_", "." and "~"): the hosts' proxy rules take it literally.`,
    );
  }
  const protocol = URL.canParse(proxy.upstream) ? new URL(proxy.upstream).protocol : "";
  if (!/^https?:$/.test(protocol) || /\s/.test(proxy.upstream)) {
    throw new Error(
      `PLAUSIBLE_UPSTREAM ${JSON.stringify(proxy.upstream)} is not an http(s) URL the hosts can forward to.`,
    );
  }
  return proxy;
}

/**
 * Cloudflare Pages and Netlify `_redirects`: the not-found page's own path and the deploy files
 * written answer 404. Cloudflare applies these rules before its files; Netlify only where no file
 * exists unless forced with `!`, which Cloudflare refuses (docs/deploying.md).
 */
function redirectsFile(written: readonly HostFileName[]): string {
  const hidden = [notFoundPage.path, ...written.map((name) => `/${name}`)];
  return `${hidden.map((path) => `${path} ${NOWHERE_PATH} 200`).join("\n")}\n`;
}

/** Vercel's own files: its configuration and, with a proxy, its middleware. */
const VERCEL_FILE_NAMES: readonly HostFileName[] = [
  "vercel.json",
  ".vercelignore",
  "middleware.js",
];

/** Vercel uploads and serves every file of its project but these: the other hosts' files. */
function vercelIgnoreFile(written: readonly HostFileName[]): string {
  return `${written.filter((name) => !VERCEL_FILE_NAMES.includes(name)).join("\n")}\n`;
}

/**
 * Cloudflare Pages `_routes.json`: the worker runs for the endpoint alone; every other request is
 * served from the files, with `_headers` and `_redirects`, as in a build without it.
 */
function cloudflareRoutesFile(proxy: AnalyticsProxy): string {
  return `${JSON.stringify({ version: 1, include: [proxy.path], exclude: [] }, null, 2)}\n`;
}

/**
 * What each host's copy of the handler is given: the endpoint's path, the site's Plausible domain,
 * the upstream and the answers' headers.
 */
function proxySettings(settings: BuildSettings, proxy: AnalyticsProxy): EventProxySettings {
  return { ...proxy, answerHeaders: eventProxyHeaders(settings) };
}

/**
 * Every deploy file of a build written into dist/, by name. Without `analyticsProxy` they are the
 * four every build writes; with it, Cloudflare's worker and its routes and Vercel's middleware, each
 * the one event proxy (./event-proxy/) bundled for that host.
 */
export async function hostFiles(
  settings: BuildSettings,
): Promise<Partial<Record<HostFileName, string>>> {
  const proxy = settings.analyticsProxy && checkedProxy(settings.analyticsProxy);
  const written = proxy ? HOST_FILE_NAMES : DEPLOY_FILE_NAMES;
  const files: Partial<Record<HostFileName, string>> = {
    _headers: netlifyHeadersFile(settings),
    _redirects: redirectsFile(written),
    "vercel.json": vercelConfig(settings),
    ".vercelignore": vercelIgnoreFile(written),
  };
  if (!proxy) return files;
  const handler = proxySettings(settings, proxy);
  return {
    ...files,
    "_worker.js": await bundleEventProxy("cloudflare", handler),
    "_routes.json": cloudflareRoutesFile(proxy),
    "middleware.js": await bundleEventProxy("vercel", handler),
  };
}

/**
 * Where Netlify's build reads an edge function (its Frameworks API), relative to the build's
 * folder: beside dist/, so never served.
 */
export const NETLIFY_EDGE_FUNCTION_FILE = ".netlify/v1/edge-functions/event-proxy.js";

/**
 * The files a build writes beside dist/, by path relative to the build's folder: with
 * `analyticsProxy`, Netlify's edge function; without it, none (build.ts removes an older one).
 */
export async function besideDistFiles(settings: BuildSettings): Promise<Record<string, string>> {
  const proxy = settings.analyticsProxy && checkedProxy(settings.analyticsProxy);
  if (!proxy) return {};
  const text = await bundleEventProxy("netlify", proxySettings(settings, proxy));
  return { [NETLIFY_EDGE_FUNCTION_FILE]: text };
}
