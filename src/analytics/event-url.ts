/**
 * The URLs a field-signal event carries (docs/analytics.md, "What is never sent"), cleaned so that
 * no address can ride in them, whatever the visitor's URL holds: a mistyped link from an email puts
 * one in the path, and mailing tools fill source parameters with the subscriber's. Every event the
 * tracker sends passes here (plausible-tracker.ts); its engagement events repeat the cleaned URL of
 * their page view.
 */
import { pageAt } from "@/site-paths";

/** The query parameters Plausible reads a visit's source from; every other one is dropped. */
const SOURCE_PARAMETER = /^(utm_[a-z]+|ref|source)$/;

/**
 * A source worth keeping is a short word: a campaign's name, a site's host (`news.example`).
 * Anything else (an `@`, a space, a `%`, a `+` tag, a long value) may be someone's address: dropped.
 */
const SHORT_TOKEN = /^[A-Za-z0-9._-]{1,40}$/;

/**
 * The page's URL as an event carries it: its origin, the path of the page that answered it (a site
 * page's own path, or the not-found page's fixed `/404`: the path asked for is never sent), and the
 * source parameters whose value is a short token, the first of each name. No fragment, no user.
 * Null for what is not a web page's URL: the event is not sent.
 */
export function eventUrl(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const kept = new URLSearchParams();
  for (const [name, value] of url.searchParams) {
    if (SOURCE_PARAMETER.test(name) && !kept.has(name) && SHORT_TOKEN.test(value)) {
      kept.append(name, value);
    }
  }
  const query = kept.toString();
  return `${url.origin}${pageAt(url.pathname).path}${query ? `?${query}` : ""}`;
}

/** Where the visitor came from, as a site: a web page's origin, never its path or query; else null. */
export function referrerOrigin(referrer: string | null | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}
