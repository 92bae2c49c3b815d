/**
 * Plausible's official tracker, set up for the field signals (analytics.ts), in a chunk of its own
 * that loads at idle, only in a build with VITE_PLAUSIBLE_DOMAIN: no cookie, no storage write, page
 * views sent by the app (not on the tracker's own schedule), URLs stripped of everything but their
 * path and `utm_*` and `ref` parameters, and local events only to a local collector.
 */
import { init, type PlausibleRequestPayload, track } from "@plausible-analytics/tracker";
import { PLAUSIBLE_DOMAIN, PLAUSIBLE_ENDPOINT } from "./analytics-build";
import type { Recorded } from "./analytics-events";

/** The query parameters Plausible reads its sources from; every other one is dropped. */
const SOURCE_PARAMETER = /^(utm_[a-z]+|ref|source)$/;

/** The page's URL as an event carries it: origin and path, and the source parameters only. */
export function cleanUrl(href: string): string {
  const url = new URL(href);
  const kept = new URLSearchParams();
  for (const [key, value] of url.searchParams) {
    if (SOURCE_PARAMETER.test(key)) kept.append(key, value);
  }
  const query = kept.toString();
  return `${url.origin}${url.pathname}${query ? `?${query}` : ""}`;
}

/** The endpoint is this machine (the emulator's collector): only then are local pages counted. */
function isLocal(endpoint: string): boolean {
  if (endpoint.startsWith("/")) return false;
  const { hostname } = new URL(endpoint);
  return hostname === "127.0.0.1" || hostname === "localhost" || hostname === "[::1]";
}

export function startTracker(): (recorded: Recorded) => void {
  init({
    domain: PLAUSIBLE_DOMAIN,
    endpoint: PLAUSIBLE_ENDPOINT,
    autoCapturePageviews: false,
    captureOnLocalhost: isLocal(PLAUSIBLE_ENDPOINT),
    logging: false,
    bindToWindow: false,
    transformRequest: (payload: PlausibleRequestPayload) => ({
      ...payload,
      u: cleanUrl(payload.u),
      // Where the visitor came from, as a site: never the path or query of the page before.
      r: payload.r ? new URL(payload.r).origin : null,
    }),
  });
  return (recorded) =>
    track(recorded.name, {
      url: recorded.url,
      ...("props" in recorded ? { props: recorded.props } : {}),
    });
}
