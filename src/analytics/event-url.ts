/**
 * The URLs a field-signal event carries (docs/analytics.md, "What is never sent"), cleaned so that
 * no address rides in them in the forms a link is known to carry one: a mistyped link from an email
 * puts one in the path, and mailing tools fill source parameters with the subscriber's, raw,
 * percent-encoded, in base64 or hex, or spelt out (source-parameters.ts judges them). Every event the
 * tracker sends passes here (plausible-tracker.ts), and the hosts' event proxy cleans every event
 * again on its way through (scripts/build/event-proxy/handler.ts); the tracker's engagement events
 * repeat the cleaned URL of their page view.
 */
import { pageAt } from "../site-paths";

/** `href` as a web page's URL (http: or https:), or null. */
function webPage(href: string | null | undefined): URL | null {
  try {
    const url = new URL(href ?? "");
    return /^https?:$/.test(url.protocol) ? url : null;
  } catch {
    return null;
  }
}

/**
 * Which query parameters an event may carry: `isKeptSource` of source-parameters.ts, which the
 * tracker loads only for a page whose URL has a query (its bytes stay off every other page).
 */
export type SourceCheck = (name: string, value: string) => boolean;

/**
 * The page's URL as an event carries it: its origin, the path of the page that answered it (a site
 * page's own path, or the not-found page's fixed `/404`: the path asked for is never sent), and the
 * source parameters `keep` allows, the first of each name (none without it). No fragment, no user.
 * Null for what is not a web page's URL: the event is not sent.
 */
export function eventUrl(href: string, keep?: SourceCheck): string | null {
  const url = webPage(href);
  if (!url) return null;
  const kept = new URLSearchParams();
  for (const [name, value] of url.searchParams) {
    if (!kept.has(name) && keep?.(name, value)) kept.append(name, value);
  }
  const query = kept.toString();
  return `${url.origin}${pageAt(url.pathname).path}${query ? `?${query}` : ""}`;
}

/** Where the visitor came from, as a site: a web page's origin, never its path or query; else null. */
export function referrerOrigin(referrer: string | null | undefined): string | null {
  return webPage(referrer)?.origin ?? null;
}
