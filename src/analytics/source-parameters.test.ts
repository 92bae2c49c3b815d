/**
 * Which query parameters an event may carry: a kept name whose value is a short token that carries
 * no address, spelt out, or once read as base64, base64url or hex from any of its first characters;
 * campaign words never do; and docs/analytics.md's claim, each of its examples a case.
 * (event-url.test.ts holds the names and the grammar, and the property.)
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { isKeptSource } from "./source-parameters";

const carriesAddress = (value: string) => !isKeptSource("utm_campaign", value);

describe("isKeptSource, of a value under a kept name", () => {
  it.each([
    ["base64", "YWRhQGV4YW1wbGUuY29t"],
    ["base64url of an address with a + tag", "YWRhK3RhZ0BleGFtcGxlLmNvbQ"],
    ["base64url of an address whose local part is not ASCII", "Ym_DuEBleGFtcGxlLmNvbQ"],
    ["base64 of the percent-encoded address", "YWRhJTQwZXhhbXBsZS5jb20"],
    ["base64 one character in", "xYWRhQGV4YW1wbGUuY29t"],
    ["base64 two characters in", "xxYWRhQGV4YW1wbGUuY29t"],
    ["base64 three characters in", "xxxYWRhQGV4YW1wbGUuY29t"],
    ["base64 with a character past its last byte", "YWRhQGV4YW1wbGUuY29tx"],
    ["base64 after a word and a dot", "launch.YWRhQGV4YW1wbGUuY29t"],
    ["hex", "616461406578616d706c652e636f6d"],
    ["hex in capitals", "616461406578616D706C652E636F6D"],
    ["hex one digit in", "0616461406578616d706c652e636f6d"],
    ["at and dot as words", "ada-at-example-dot-com"],
    ["at as a word", "ada_at_example.com"],
    ["AT and DOT in capitals", "ada.AT.example.DOT.com"],
    ["camel case", "adaAtExampleDotCom"],
    ["capitals before a capitalised At", "ADAAtExample"],
    ["dot as the first word", "dot-example"],
    ["at as the last word", "meet-at"],
    ["AT and DOT as capitals run into lower case", "adaATexampleDOTcom"],
    ["AT alone as capitals run into lower case", "adaATexample.com"],
    ["base64 of an address whose domain is not ASCII", "YWRhQGLDvGNoZXIuZGU"],
    [
      "base64url of an address in Cyrillic, its top-level domain too",
      "YWRhQNC_0YDQuNC80LXRgC7RgNGE",
    ],
    ["hex of an address whose domain is not ASCII", "6164614062c3bc636865722e6465"],
    ["base64url of that address percent-encoded", "YWRhJTQwYiVDMyVCQ2NoZXIuZGU"],
  ])("says yes to an address in %s: %j", (_case, value) => {
    expect(carriesAddress(value)).toBe(true);
  });

  it.each([
    "newsletter",
    "news.example",
    "launch-2026",
    "spring_sale_2026",
    "LinkedIn",
    "Welcome_Series_03",
    "catalogue",
    "date-night",
    "dotnet-meetup",
    "Attic",
    "ada.lovelace",
    "QGV4",
    "4065",
    // Readings with an @ but no domain an address could have: no dot, or a one-letter end.
    "YWRhQGV4YW1wbGU",
    "YUBiLmM",
    // Capitals that hold AT or DOT inside a longer run: a word of their own, not a spelt address.
    "DATADOTcom",
    "NATO-summit",
    "SATURDAY_sale",
    "DOTA2-finals",
  ])("says no to %j", (value) => {
    expect(carriesAddress(value)).toBe(false);
  });

  it.each(["xref", "my_utm_source", "utm_sources", "refs"])(
    "keeps no value under %j, a name that only holds a kept one",
    (name) => {
      expect(isKeptSource(name, "newsletter")).toBe(false);
    },
  );
});

/**
 * docs/analytics.md's claim, "What is never sent": each rule a kept value must pass, and what the
 * rules cannot promise, with its examples as `(go: …)` and `(kept: …)`.
 */
const CLAIM = (() => {
  const doc = readFileSync(resolve(import.meta.dirname, "../../docs/analytics.md"), "utf8");
  const start = doc.indexOf("each only when its value:");
  return doc.slice(start, doc.indexOf("Tests: each example above", start));
})();

/** The examples of one part of the claim: each backquoted value of its `(go: …)` or `(kept: …)`. */
function examples(part: string, verdict: "go" | "kept"): string[] {
  return [...part.matchAll(new RegExp(`\\(${verdict}: ([^)]*)\\)`, "g"))].flatMap(([, list]) =>
    [...(list ?? "").matchAll(/`([^`]+)`/g)].map(([, value]) => value ?? ""),
  );
}

describe("docs/analytics.md's claim about the values kept, case by case", () => {
  const rules = CLAIM.split(/\n {2}- /).slice(1);
  const unpromised = CLAIM.slice(CLAIM.indexOf("What this cannot promise"));

  it("gives every rule an example that goes, and what it cannot promise examples that are kept", () => {
    expect(rules).toHaveLength(3);
    for (const rule of rules) expect(examples(rule, "go"), rule).not.toEqual([]);
    expect(examples(unpromised, "kept")).not.toEqual([]);
  });

  it.each(examples(CLAIM, "go"))("drops %j under every kept name, as it says", (value) => {
    for (const name of ["utm_source", "utm_medium", "utm_campaign", "ref"]) {
      expect(isKeptSource(name, value), name).toBe(false);
    }
  });

  it.each(examples(CLAIM, "kept"))("keeps %j, as it says", (value) => {
    expect(isKeptSource("utm_campaign", value)).toBe(true);
  });
});
