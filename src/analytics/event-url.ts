/**
 * The URLs a field-signal event carries (docs/analytics.md, "What is never sent"), cleaned so that
 * no address rides in them in the forms a link is known to carry one: a mistyped link from an email
 * puts one in the path, and mailing tools fill source parameters with the subscriber's, raw,
 * percent-encoded, in base64 or hex, or spelt out. Every event the tracker sends passes here
 * (plausible-tracker.ts), and the hosts' event proxy cleans every event again on its way through
 * (scripts/build/event-proxy/handler.ts); the tracker's engagement events repeat the cleaned URL of
 * their page view.
 */
import { pageAt } from "../site-paths";

/**
 * The query parameters kept, by allowlist: where a visit came from (`utm_source`, and `ref`, which
 * Plausible reads as a source too) and the campaign's medium and name. `utm_term`, `utm_content`,
 * any other `utm_*`, `source` and every other parameter are dropped whatever they hold: mailing
 * tools put the subscriber in them.
 */
const KEPT_PARAMETERS: ReadonlySet<string> = new Set([
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "ref",
]);

/**
 * A source worth keeping is a short word: a campaign's name, a site's host (`news.example`).
 * Anything else (an `@`, a space, a `%`, a `+` tag, a long value) may be someone's address: dropped.
 */
const SHORT_TOKEN = /^[A-Za-z0-9._-]{1,40}$/;

/**
 * An address in decoded text: a local part's character, `@` (or its percent-encoding), and a
 * domain with a dot, as every deliverable address has. Random bytes almost never look so.
 */
const ADDRESS_IN_TEXT = /[\w.+-](@|%40)[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}/i;

/** The runs of a token a base64 (the URL-safe alphabet: `+`, `/`, `=` fail SHORT_TOKEN) or hex decoder reads. */
const BASE64_RUN = /[A-Za-z0-9_-]{4,}/g;
const HEX_RUN = /[0-9A-Fa-f]{6,}/g;

/** A run decoded as base64url from each of the four places a value may start: text, byte by byte. */
function base64Readings(run: string): string[] {
  const readings: string[] = [];
  for (let start = 0; start < 4; start += 1) {
    const part = run.slice(start, run.length - ((run.length - start) % 4 === 1 ? 1 : 0));
    if (part.length < 2) continue;
    try {
      readings.push(atob(part.replace(/-/g, "+").replace(/_/g, "/")));
    } catch {
      // Not base64 from here: nothing to read.
    }
  }
  return readings;
}

/** A run decoded as hex from both places a value may start: text, byte by byte. */
function hexReadings(run: string): string[] {
  return [0, 1].map((start) =>
    (run.slice(start).match(/../g) ?? [])
      .map((pair) => String.fromCharCode(Number.parseInt(pair, 16)))
      .join(""),
  );
}

/**
 * An address spelt out: `at` or `dot` as a word of the token, its words split at `.`, `_`, `-` and
 * where a capitalised word starts (`ada_at_example.com`, `ada-AT-example-DOT-com`,
 * `adaAtExampleDotCom`, `ADAAtExample`). A campaign named `meet-at-launch` is dropped too; a bare name such as
 * `ada.lovelace` cannot be told from a campaign's, which is why `utm_term` and `utm_content` go.
 */
function speltAddress(value: string): boolean {
  const words = value
    .replace(/([a-z0-9])([A-Z])|([A-Z])([A-Z][a-z])/g, "$1$3 $2$4")
    .toLowerCase()
    .split(/[\s._-]+/);
  return words.includes("at") || words.includes("dot");
}

/**
 * A value that may carry an address: spelt out, or holding one once read as base64, base64url or hex
 * (of the address, or of its percent-encoding). Other encodings (base32, a cipher, a hash of it)
 * are not read: a value that fails SHORT_TOKEN never gets here, and only three names and `ref` do.
 */
function carriesAddress(value: string): boolean {
  if (speltAddress(value)) return true;
  const readings = [
    ...(value.match(BASE64_RUN) ?? []).flatMap(base64Readings),
    ...(value.match(HEX_RUN) ?? []).flatMap(hexReadings),
  ];
  return readings.some((text) => ADDRESS_IN_TEXT.test(text));
}

/** A source parameter's value as an event may carry it: a short token that carries no address. */
function isKeptSource(name: string, value: string): boolean {
  return KEPT_PARAMETERS.has(name) && SHORT_TOKEN.test(value) && !carriesAddress(value);
}

/**
 * The page's URL as an event carries it: its origin, the path of the page that answered it (a site
 * page's own path, or the not-found page's fixed `/404`: the path asked for is never sent), and the
 * kept source parameters (isKeptSource), the first of each name. No fragment, no user.
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
    if (!kept.has(name) && isKeptSource(name, value)) kept.append(name, value);
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
