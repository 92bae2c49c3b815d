/**
 * The URLs events carry: a site page keeps its path, any other is the not-found page's fixed `/404`;
 * only source parameters holding a short token stay; no fragment, no user; the referrer is an origin.
 * Then a property: thousands of URLs with an address put anywhere (path, query, fragment, user; raw,
 * percent-encoded, twice encoded, mixed case, `+` tags, spelt out) and none survives cleaning.
 */
import { describe, expect, it } from "vitest";
import { eventUrl, referrerOrigin } from "./event-url";

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

  it("keeps the source parameters that are short tokens, the first of each, and nothing else", () => {
    expect(
      eventUrl(
        `${SITE}/?utm_source=news.example&email=ada%40example.com&utm_campaign=launch-2026&ref=hn&ref=other#waitlist`,
      ),
    ).toBe(`${SITE}/?utm_source=news.example&utm_campaign=launch-2026&ref=hn`);
  });

  it.each([
    ["an address", "utm_source=name@example.com"],
    ["an encoded address", "utm_source=name%40example.com"],
    ["a space", "utm_term=two%20words"],
    ["a plus, read as a space", "ref=name+tag"],
    ["a percent sign", "source=name%2540example.com"],
    ["a long value", `utm_content=${"a".repeat(41)}`],
    ["an empty value", "ref="],
  ])("drops a source parameter holding %s", (_case, query) => {
    expect(eventUrl(`${SITE}/?${query}&utm_medium=email`)).toBe(`${SITE}/?utm_medium=email`);
  });

  it("drops the user and the fragment, keeps the origin", () => {
    expect(eventUrl("http://name%40example.com:pw@127.0.0.1:4173/success#x")).toBe(
      "http://127.0.0.1:4173/success",
    );
  });

  it.each(["not a url", "about:blank", "mailto:name@example.com"])(
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

/** An address: mixed case, dots, digits, `+` tags, subdomains. */
function address(random: ReturnType<typeof seeded>) {
  const local =
    random.word(LETTERS, 4, 10) +
    (random.chance(0.3) ? `.${random.word(`${LETTERS}0123456789`, 1, 6)}` : "") +
    (random.chance(0.3) ? `+${random.word(LETTERS, 1, 8)}` : "");
  const domain = `${random.chance(0.3) ? `${random.word(LETTERS, 2, 6)}.` : ""}${random.word(LETTERS, 3, 9)}.${random.pick(["com", "ORG", "co.uk", "De", "io"])}`;
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

/** The address as a URL may carry it. */
function carried(random: ReturnType<typeof seeded>, whole: string): string {
  return random.pick([
    () => whole,
    () => encodeURIComponent(whole),
    () => encodeSome(random, whole),
    () => encodeURIComponent(encodeURIComponent(whole)),
    () => whole.replace("@", "%40").toUpperCase(),
    () => whole.replace("@", "+at+"),
    () => whole.replace("@", "(at)"),
    () => whole.replace("@", "%20at%20").replace(/\./g, "%20dot%20"),
    () => `mailto:${whole}`,
  ])();
}

const SOURCES = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_content",
  "utm_term",
  "ref",
  "source",
];
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
  if (places.has("source")) query.push(`${random.pick(SOURCES)}=${carried(random, whole)}`);
  if (places.has("other"))
    query.push(`${random.pick(["email", "e", "to"])}=${carried(random, whole)}`);
  if (places.has("key")) query.push(`${carried(random, whole)}=1`);
  const pathname = places.has("path")
    ? `/${carried(random, whole)}`
    : places.has("path-segment")
      ? `${path.replace(/\/$/, "")}/${carried(random, whole)}${random.chance(0.5) ? "/" : ""}`
      : path;
  const user = places.has("user") ? `${encodeURIComponent(whole)}@` : "";
  const fragment = places.has("fragment") ? `#${carried(random, whole)}` : "";
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

describe("no address survives cleaning", () => {
  it("in thousands of URLs carrying one anywhere, in any form", () => {
    const random = seeded(47);
    for (let i = 0; i < 3000; i += 1) {
      const { href, local, domain } = urlWithAddress(random);
      const cleaned = eventUrl(href);
      expect(cleaned, href).not.toBeNull();
      const seen = decodedFully(cleaned ?? "").toLowerCase();
      expect(seen, href).not.toContain("@");
      expect(cleaned?.toLowerCase(), href).not.toContain("%40");
      expect(seen, href).not.toContain(local.toLowerCase().split(/[.+]/)[0]);
      expect(seen, href).not.toContain(domain.toLowerCase());
      expect(new URL(cleaned ?? "").pathname, href).toMatch(/^\/(success|404)?$/);
    }
  });
});
