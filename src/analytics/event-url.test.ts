/**
 * The URLs events carry: a site page keeps its path, any other is the not-found page's fixed `/404`;
 * only `utm_source`, `utm_medium`, `utm_campaign` and `ref` stay, each only as a short token that
 * source-parameters.ts finds carries no address (spelt out, or read as base64, base64url
 * or hex), and none without the check; no fragment, no user; the referrer is an origin. Then a property: thousands of URLs with an address put anywhere (path,
 * query, fragment, user; raw, percent-encoded, twice encoded, mixed case, `+` tags, a domain in
 * any script, spelt out, in base64, base64url or hex) and none survives cleaning: every value kept is one of the harmless ones.
 */
import { describe, expect, it } from "vitest";
import { eventUrl as cleaned, referrerOrigin } from "./event-url";
import { isKeptSource } from "./source-parameters";

/** The URL as the tracker sends it from a page with a query: source-parameters.ts loaded. */
const eventUrl = (href: string) => cleaned(href, isKeptSource);

const SITE = "https://bulwark.example";

describe("eventUrl", () => {
  it.each([
    ["/", "/"],
    ["/success", "/success"],
    ["/success/", "/success"],
    ["/404", "/404"],
    ["/name@example.com", "/404"],
    ["/name%40example.com", "/404"],
    ["/success/name@example.com", "/404"],
    ["/pricing", "/404"],
  ])("reports the page at %s as %s", (path, reported) => {
    expect(eventUrl(`${SITE}${path}`)).toBe(`${SITE}${reported}`);
  });

  it("keeps utm_source, utm_medium, utm_campaign and ref as short tokens, the first of each, and nothing else", () => {
    expect(
      eventUrl(
        `${SITE}/?utm_source=news.example&email=ada%40example.com&utm_medium=email&utm_campaign=launch-2026&ref=hn&ref=other#waitlist`,
      ),
    ).toBe(`${SITE}/?utm_source=news.example&utm_medium=email&utm_campaign=launch-2026&ref=hn`);
  });

  it.each([
    "utm_term=launch",
    "utm_content=hero-button",
    "utm_id=42",
    "utm_source_platform=mailer",
    "utm_creative_format=banner",
    "utm_marketing_tactic=prospecting",
    "utm_foo=bar",
    "source=hn",
    "UTM_SOURCE=hn",
    "email=x",
  ])("drops %s whatever it holds: not on the list", (query) => {
    expect(eventUrl(`${SITE}/?${query}&utm_medium=email`)).toBe(`${SITE}/?utm_medium=email`);
  });

  it.each([
    ["an address", "utm_source=name@example.com"],
    ["an encoded address", "utm_source=name%40example.com"],
    ["a space", "utm_campaign=two%20words"],
    ["a plus, read as a space", "ref=name+tag"],
    ["a percent sign", "ref=name%2540example.com"],
    ["a long value", `utm_campaign=${"a".repeat(41)}`],
    ["an empty value", "ref="],
    ["an address in base64", "utm_source=YWRhQGV4YW1wbGUuY29t"],
    ["an address in base64 with its padding", "utm_source=YWRhQGV4YW1wbGUuY29tLg=="],
    ["an address in base64 after a word", "utm_campaign=launch-YWRhQGV4YW1wbGUuY29t"],
    ["an address in base64, one character in", "utm_campaign=xYWRhQGV4YW1wbGUuY29t"],
    ["an address in base64url", "utm_source=YWRhK3RhZ0BleGFtcGxlLmNvbQ"],
    ["an encoded address in base64url", "ref=YWRhJTQwZXhhbXBsZS5jb20"],
    ["an address in hex", "utm_campaign=616461406578616d706c652e636f6d"],
    ["an address in hex, capitals", "utm_medium=616461406578616D706C652E636F6D"],
    ["an address in hex, one digit in", "utm_campaign=0616461406578616d706c652e636f6d"],
    ["an address spelt with at", "utm_source=ada_at_example.com"],
    ["an address spelt with at and dot", "utm_source=ada-at-example-dot-com"],
    ["an address spelt in capitals", "ref=ada.AT.example.DOT.com"],
    ["an address spelt in camel case", "utm_campaign=adaAtExampleDotCom"],
  ])("drops a kept parameter holding %s", (_case, query) => {
    expect(eventUrl(`${SITE}/?${query}&utm_medium=email`)).toBe(`${SITE}/?utm_medium=email`);
  });

  it.each([
    "newsletter",
    "email",
    "hn",
    "news.example",
    "news.ycombinator.com",
    "launch-2026",
    "spring_sale_2026",
    "Q3-webinar",
    "product-hunt",
    "LinkedIn",
    "twitter",
    "cpc",
    "paid_social",
    "black-friday.2026",
    "partner.acme-corp",
    "Welcome_Series_03",
    "date-night",
    "catalogue",
    "dotnet-meetup",
    "ada.lovelace",
  ])("keeps %j: a short token that carries no address", (token) => {
    expect(eventUrl(`${SITE}/?utm_campaign=${token}`)).toBe(`${SITE}/?utm_campaign=${token}`);
  });

  it("keeps no source parameter without the check (a page whose URL had none, or a failed load)", () => {
    expect(cleaned(`${SITE}/success?utm_source=hn&ref=news.example`)).toBe(`${SITE}/success`);
  });

  it("drops the user and the fragment, keeps the origin", () => {
    expect(eventUrl("http://name%40example.com:pw@127.0.0.1:4173/success#x")).toBe(
      "http://127.0.0.1:4173/success",
    );
  });

  it.each(["not a url", "about:blank", "mailto:name@example.com", "webhttp://bulwark.example/"])(
    "sends no URL for %s",
    (href) => {
      expect(eventUrl(href)).toBeNull();
    },
  );
});

describe("referrerOrigin", () => {
  it.each([
    ["https://mail.example/inbox/name@example.com?q=name%40example.com#x", "https://mail.example"],
    ["https://name@mail.example:8443/", "https://mail.example:8443"],
    ["", null],
    [null, null],
    ["android-app://com.example.mail/", null],
    ["not a url", null],
  ])("%s is %s", (referrer, origin) => {
    expect(referrerOrigin(referrer)).toBe(origin);
  });
});

/** A small seeded generator (mulberry32): the same URLs on every run, so a failure reproduces. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  const word = (alphabet: string, min: number, max: number) =>
    Array.from({ length: min + int(max - min + 1) }, () => pick([...alphabet])).join("");
  return { int, pick, word, chance: (p: number) => next() < p };
}

const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Letters of an internationalised domain's labels, in several scripts. */
const IDN_LETTERS = "äöüßéñøçбукваδέλταאבגمثال例え한국";

/** An address: mixed case, dots, digits, `+` tags, subdomains, a domain in any script. */
function address(random: ReturnType<typeof seeded>) {
  const local =
    random.word(LETTERS, 4, 10) +
    (random.chance(0.3) ? `.${random.word(`${LETTERS}0123456789`, 1, 6)}` : "") +
    (random.chance(0.3) ? `+${random.word(LETTERS, 1, 8)}` : "");
  const label = random.chance(0.3)
    ? random.word(`${LETTERS}${IDN_LETTERS}`, 3, 9)
    : random.word(LETTERS, 3, 9);
  const domain = `${random.chance(0.3) ? `${random.word(LETTERS, 2, 6)}.` : ""}${label}.${random.pick(["com", "ORG", "co.uk", "De", "io"])}`;
  return { local, domain, whole: `${local}@${domain}` };
}

/** Each character percent-encoded or not, hex digits in either case. */
function encodeSome(random: ReturnType<typeof seeded>, text: string): string {
  return [...text]
    .map((character) => {
      if (character !== "@" && random.chance(0.7)) return character;
      const hex = character.charCodeAt(0).toString(16).padStart(2, "0");
      return `%${random.chance(0.5) ? hex.toUpperCase() : hex}`;
    })
    .join("");
}

/** Bytes as a mailing tool may encode them: base64 (standard or URL-safe, padded or not) or hex. */
function encodedBytes(random: ReturnType<typeof seeded>, text: string): string {
  const bytes = new TextEncoder().encode(text);
  const base64 = btoa(String.fromCharCode(...bytes));
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return random.pick([
    () => base64,
    () => encodeURIComponent(base64),
    () => base64.replace(/=+$/, ""),
    () => base64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""),
    () => hex,
    () => hex.toUpperCase(),
  ])();
}

/**
 * An address spelt out, its `@` and dots as words, between separators, in camel case, or in
 * capitals run into the lower-case words around them (`adaATexampleDOTcom`).
 */
function spelt(random: ReturnType<typeof seeded>, local: string, domain: string): string {
  const separator = random.pick(["_", "-", ".", "+", "%20"]);
  const word = (text: string) => random.pick([text, text.toUpperCase()]);
  if (random.chance(0.2)) {
    const camel = (text: string) => `${text[0]?.toUpperCase()}${text.slice(1)}`;
    return `${local}At${domain.split(".").map(camel).join("Dot")}`;
  }
  if (random.chance(0.2)) {
    return `${local.toLowerCase()}AT${domain.toLowerCase().split(".").join("DOT")}`;
  }
  const dots = random.chance(0.5);
  const spelledDomain = dots
    ? domain.split(".").join(`${separator}${word("dot")}${separator}`)
    : domain;
  return `${local}${separator}${word("at")}${separator}${spelledDomain}`;
}

/** The address as a URL may carry it. */
function carried(random: ReturnType<typeof seeded>, local: string, domain: string): string {
  const whole = `${local}@${domain}`;
  return random.pick([
    () => whole,
    () => encodeURIComponent(whole),
    () => encodeSome(random, whole),
    () => encodeURIComponent(encodeURIComponent(whole)),
    () => whole.replace("@", "%40").toUpperCase(),
    () => whole.replace("@", "(at)"),
    () => spelt(random, local, domain),
    () => `mailto:${whole}`,
    () => encodedBytes(random, whole),
    () => encodedBytes(random, encodeURIComponent(whole)),
    () =>
      `${random.pick(["launch", "x", "id"])}${random.pick(["-", "_", "."])}${encodedBytes(random, whole)}`,
  ])();
}

const SOURCES = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_content",
  "utm_term",
  "utm_id",
  "utm_foo",
  "ref",
  "source",
];
/** The harmless values: the only ones a cleaned URL may keep. */
const TOKENS = ["newsletter", "email", "hn", "launch-2026", "news.example"];

/** A page's URL with an address put in one or more places, among harmless parts. */
function urlWithAddress(random: ReturnType<typeof seeded>) {
  const { local, domain, whole } = address(random);
  const path = random.pick(["/", "/success", "/404", "/pricing", "/success/"]);
  const places = new Set(
    Array.from({ length: 1 + random.int(3) }, () =>
      random.pick(["path", "path-segment", "source", "other", "key", "fragment", "user"]),
    ),
  );
  const query: string[] = [];
  for (let i = random.int(3); i > 0; i -= 1) {
    query.push(`${random.pick(SOURCES)}=${random.pick(TOKENS)}`);
  }
  const carry = () => carried(random, local, domain);
  if (places.has("source")) query.push(`${random.pick(SOURCES)}=${carry()}`);
  if (places.has("other")) query.push(`${random.pick(["email", "e", "to"])}=${carry()}`);
  if (places.has("key")) query.push(`${carry()}=1`);
  const pathname = places.has("path")
    ? `/${carry()}`
    : places.has("path-segment")
      ? `${path.replace(/\/$/, "")}/${carry()}${random.chance(0.5) ? "/" : ""}`
      : path;
  const user = places.has("user") ? `${encodeURIComponent(whole)}@` : "";
  const fragment = places.has("fragment") ? `#${carry()}` : "";
  const search = query.length > 0 ? `?${query.sort(() => random.int(3) - 1).join("&")}` : "";
  return { href: `https://${user}bulwark.example${pathname}${search}${fragment}`, local, domain };
}

/** Decoded until it no longer changes, as a reader of the event might. */
function decodedFully(text: string): string {
  let current = text.replace(/\+/g, " ");
  for (;;) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
}

const KEPT_NAMES = ["utm_source", "utm_medium", "utm_campaign", "ref"];

/** What is wrong with `cleaned`, the cleaning of a URL carrying `local@domain`: nothing, ideally. */
function leaks(cleaned: string | null, local: string, domain: string): string[] {
  if (cleaned === null) return ["no URL"];
  const seen = decodedFully(cleaned).toLowerCase();
  const kept = new URL(cleaned);
  return [
    ...(seen.includes("@") ? ["an @"] : []),
    ...(cleaned.toLowerCase().includes("%40") ? ["a %40"] : []),
    ...(seen.includes(local.toLowerCase().split(/[.+]/)[0] ?? "") ? ["the local part"] : []),
    ...(seen.includes(domain.toLowerCase()) ? ["the domain"] : []),
    ...(/^\/(success|404)?$/.test(kept.pathname) ? [] : [`the path ${kept.pathname}`]),
    ...[...kept.searchParams]
      .filter(([name, value]) => !KEPT_NAMES.includes(name) || !TOKENS.includes(value))
      .map(([name, value]) => `${name}=${value}`),
  ];
}

describe("no address survives cleaning", () => {
  it("in thousands of URLs carrying one anywhere, in every form the generator knows", () => {
    const random = seeded(47);
    const found: string[] = [];
    for (let i = 0; i < 3000; i += 1) {
      const { href, local, domain } = urlWithAddress(random);
      const wrong = leaks(eventUrl(href), local, domain);
      if (wrong.length > 0) found.push(`${href}: ${wrong.join(", ")}`);
    }
    // Every value kept is one of the harmless TOKENS, on one of the kept names.
    expect(found).toEqual([]);
  });
});
