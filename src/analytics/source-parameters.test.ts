/**
 * Which query parameters an event may carry: a kept name whose value is a short token that carries
 * no address, spelt out, or once read as base64, base64url or hex from any of its first characters;
 * campaign words never do. (event-url.test.ts holds the names and the grammar, and the property.)
 */
import { describe, expect, it } from "vitest";
import { isKeptSource } from "./source-parameters";

const carriesAddress = (value: string) => !isKeptSource("utm_campaign", value);

describe("isKeptSource, of a value under a kept name", () => {
  it.each([
    ["base64", "YWRhQGV4YW1wbGUuY29t"],
    ["base64url of an address with a + tag", "YWRhK3RhZ0BleGFtcGxlLmNvbQ"],
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
  ])("says no to %j", (value) => {
    expect(carriesAddress(value)).toBe(false);
  });
});
