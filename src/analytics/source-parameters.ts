/**
 * Which query parameters an event's URL may keep (docs/analytics.md, "What is never sent"): by
 * allowlist, and only a short token that carries no address, spelt out or encoded. event-url.ts
 * keeps what this allows. In a chunk of its own: the tracker loads it only for a page whose URL has
 * a query (plausible-tracker.ts); the hosts' event proxy bundles it
 * (scripts/build/event-proxy/handler.ts).
 */

/**
 * The query parameters kept, by allowlist: where a visit came from (`utm_source`, and `ref`, which
 * Plausible reads as a source too) and the campaign's medium and name. `utm_term`, `utm_content`,
 * any other `utm_*`, `source` and every other parameter are dropped whatever they hold: mailing
 * tools put the subscriber in them.
 */
const KEPT_PARAMETER = /^(utm_(source|medium|campaign)|ref)$/;

/**
 * A source worth keeping is a short word: a campaign's name, a site's host (`news.example`).
 * Anything else (an `@`, a space, a `%`, a `+` tag, a long value) may be someone's address: dropped.
 */
const SHORT_TOKEN = /^[\w.-]{1,40}$/;

/**
 * An address in decoded text: `@` (or its percent-encoding) before a domain with a dot, as every
 * deliverable address has, whatever its local part (`boø@example.com` too), its domain's labels
 * letters of any script, digits, `-` or `_` (`ada@bücher.de`, `ada@vip.163.com` too), its last two
 * letters or more. Random bytes almost never look so.
 */
const ADDRESS_IN_TEXT = /(@|%40)[\p{L}\p{M}\p{N}_-]+(\.[\p{L}\p{M}\p{N}_-]+)*\.\p{L}{2,}/iu;

/**
 * An address spelt out: `at` or `dot` as a word of the token, its words split at `.`, `_`, `-` and
 * where a capitalised word starts (`ada_at_example.com`, `ada-AT-example-DOT-com`,
 * `adaAtExampleDotCom`, `ADAAtExample`), or `AT` or `DOT` as a run of capitals of its own
 * (`adaATexampleDOTcom`; not `DATADOTcom`, a run of capitals that only holds them). A campaign
 * named `meet-at-launch` is dropped too; a bare name such as `ada.lovelace` cannot be told from a
 * campaign's, which is why `utm_term` and `utm_content` go.
 */
function speltAddress(value: string): boolean {
  const words = value
    .replace(/([a-z\d])(?=[A-Z])|([A-Z])(?=[A-Z][a-z])/g, "$1$2 ")
    .replace(/[._-]/g, " ");
  return /(^| )(at|dot)( |$)/i.test(words) || /(^|[^A-Z])(AT|DOT)([^A-Z]|$)/.test(value);
}

/**
 * Decoded bytes (a byte string) as the text they carry: read as UTF-8, as an address's domain may be
 * in any script, and its percent-encoding undone where it has one (`ada%40b%C3%BCcher.de`).
 */
function textOf(bytes: string): string {
  const text = new TextDecoder().decode(Uint8Array.from(bytes, (byte) => byte.charCodeAt(0)));
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A value that may carry an address: spelt out, or holding one once read as base64, base64url or hex
 * (of the address, or of its percent-encoding), each run of the base64url alphabet (SHORT_TOKEN
 * refuses standard base64's `+`, `/` and `=`) read from each of its first four characters, as a
 * value may start anywhere in it. Other encodings (base32, a cipher, a hash of it) are not read:
 * only a short token under one of the kept names is asked about.
 */
function carriesAddress(value: string): boolean {
  return (
    speltAddress(value) ||
    (value.match(/[\w-]{4,}/g) ?? []).some((run) =>
      [0, 1, 2, 3].some((start) => {
        const part = run.slice(start);
        const texts = [part.replace(/../g, (pair) => String.fromCharCode(parseInt(pair, 16)))];
        // A base64 run one character past a whole byte does not decode: read it without that one.
        for (const end of [part.length, -1]) {
          try {
            texts.push(atob(part.slice(0, end).replace(/-/g, "+").replace(/_/g, "/")));
          } catch {
            // Not base64 from here: nothing to read.
          }
        }
        return texts.some((text) => ADDRESS_IN_TEXT.test(textOf(text)));
      }),
    )
  );
}

/** A query parameter an event may carry: a kept name, its value a short token carrying no address. */
export function isKeptSource(name: string, value: string): boolean {
  return KEPT_PARAMETER.test(name) && SHORT_TOKEN.test(value) && !carriesAddress(value);
}
