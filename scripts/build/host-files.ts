/**
 * The files static hosts read from dist/ and must never serve: `_headers` and `_redirects`
 * (Cloudflare Pages, Netlify), `vercel.json` and `.vercelignore` (Vercel, with dist/ as the
 * project's root), and, with a first-party endpoint for the field signals, `_worker.js` and
 * `_routes.json` (Cloudflare Pages' advanced mode). Written by scripts/build/build.ts;
 * docs/deploying.md says which host reads which.
 */
import { notFoundPage } from "../../src/site-paths";
import { type BuildSettings, netlifyHeadersFile, vercelConfig } from "./http-headers";

/**
 * A path no build ever writes: a `_redirects` rewrite to it makes the host answer with its
 * not-found page and status 404 (Cloudflare Pages accepts no 404 status in `_redirects`).
 */
const NOWHERE_PATH = "/.not-found";

/** The deploy files every build writes. */
const DEPLOY_FILE_NAMES = ["_headers", "_redirects", "vercel.json", ".vercelignore"] as const;
/** Cloudflare Pages' worker and the one route it runs for: only in a build with a proxy. */
const PROXY_FILE_NAMES = ["_worker.js", "_routes.json"] as const;

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
 * exists unless forced with `!`, which Cloudflare refuses (docs/deploying.md). With a proxy, the
 * endpoint's external 200 rewrite: Netlify proxies it, passing the visitor's address in
 * X-Forwarded-For; Cloudflare, which proxies only to its own paths, skips that one line with a
 * warning and runs `_worker.js` there instead.
 */
function redirectsFile(
  written: readonly HostFileName[],
  proxy: AnalyticsProxy | undefined,
): string {
  const hidden = [notFoundPage.path, ...written.map((name) => `/${name}`)];
  const rules = hidden.map((path) => `${path} ${NOWHERE_PATH} 200`);
  if (proxy) rules.push(`${proxy.path} ${proxy.upstream} 200`);
  return `${rules.join("\n")}\n`;
}

/** Vercel uploads and serves every file of its project but these: the other hosts' files. */
function vercelIgnoreFile(written: readonly HostFileName[]): string {
  return `${written.filter((name) => name !== "vercel.json" && name !== ".vercelignore").join("\n")}\n`;
}

/**
 * Vercel `vercel.json`; with a proxy, the endpoint's external rewrite (Plausible's guide for
 * Vercel): Vercel's edge forwards the request with the visitor's address in X-Forwarded-For.
 */
function vercelFile(settings: BuildSettings, proxy: AnalyticsProxy | undefined): string {
  const config = vercelConfig(settings);
  if (!proxy) return config;
  const rewrites = [{ source: proxy.path, destination: proxy.upstream }];
  return `${JSON.stringify({ ...JSON.parse(config), rewrites }, null, 2)}\n`;
}

/**
 * Cloudflare Pages `_routes.json`: the worker runs for the endpoint alone; every other request is
 * served from the files, with `_headers` and `_redirects`, as in a build without it.
 */
function cloudflareRoutesFile(proxy: AnalyticsProxy): string {
  return `${JSON.stringify({ version: 1, include: [proxy.path], exclude: [] }, null, 2)}\n`;
}

/**
 * Cloudflare Pages `_worker.js` (advanced mode): forwards an event as Plausible's Events API asks,
 * the body and User-Agent as they came and the visitor's address (CF-Connecting-IP, set by
 * Cloudflare's edge) in X-Forwarded-For, and answers with the upstream's status and body. Nothing
 * else of the request leaves (no cookie, no other header); an address the request claims in its own
 * X-Forwarded-For is not passed on.
 */
function cloudflareWorkerFile(proxy: AnalyticsProxy): string {
  return `// Cloudflare Pages' worker, written by the build (scripts/build/host-files.ts): _routes.json
// runs it for the field signals' endpoint alone, which it forwards to Plausible with the visitor's
// address.
const EVENT_PATH = ${JSON.stringify(proxy.path)};
const UPSTREAM = ${JSON.stringify(proxy.upstream)};
const PASSED_HEADERS = ["content-type", "user-agent"];

export default {
  async fetch(request, env) {
    if (new URL(request.url).pathname !== EVENT_PATH) return env.ASSETS.fetch(request);
    const headers = new Headers();
    for (const name of PASSED_HEADERS) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    const visitor = request.headers.get("cf-connecting-ip");
    if (visitor) headers.set("x-forwarded-for", visitor);
    const withBody = request.method !== "GET" && request.method !== "HEAD";
    let answer;
    try {
      answer = await fetch(UPSTREAM, {
        method: request.method,
        headers,
        body: withBody ? await request.arrayBuffer() : undefined,
      });
    } catch {
      return new Response("The event could not be forwarded.", { status: 502 });
    }
    const type = answer.headers.get("content-type");
    return new Response(answer.body, {
      status: answer.status,
      headers: type ? { "content-type": type } : {},
    });
  },
};
`;
}

/**
 * Every deploy file of a build, by name. Without `analyticsProxy` they are the four every build
 * writes; with it, each host's proxy rule for the endpoint, from the same setting.
 */
export function hostFiles(settings: BuildSettings): Partial<Record<HostFileName, string>> {
  const proxy = settings.analyticsProxy && checkedProxy(settings.analyticsProxy);
  const written = proxy ? HOST_FILE_NAMES : DEPLOY_FILE_NAMES;
  return {
    _headers: netlifyHeadersFile(settings),
    _redirects: redirectsFile(written, proxy),
    "vercel.json": vercelFile(settings, proxy),
    ".vercelignore": vercelIgnoreFile(written),
    ...(proxy
      ? { "_worker.js": cloudflareWorkerFile(proxy), "_routes.json": cloudflareRoutesFile(proxy) }
      : {}),
  };
}
