import { describe, expect, it } from "vitest";
import { isValidEmail, normalizeEmail } from "./email-validation";

describe("isValidEmail", () => {
  it.each([
    "ada@example.com",
    "first.last+tag@sub.example.co.uk",
    "  padded@example.org  ",
    "o'brien@example.ie",
    "x@a-b.io",
    "ada@x.com",
    "ada@mail.example.museum",
    "ADA@EXAMPLE.COM",
  ])("accepts %s", (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    ["empty", ""],
    ["spaces only", "   "],
    ["no at sign", "ada.example.com"],
    ["no local part", "@example.com"],
    ["single-label domain", "ada@localhost"],
    ["numeric top-level label", "ada@example.123"],
    ["one-letter top-level label", "ada@example.c"],
    ["leading hyphen in a label", "ada@-example.com"],
    ["space inside", "ada lovelace@example.com"],
    ["two at signs", "ada@@example.com"],
    ["trailing dot", "ada@example.com."],
    ["a top-level label starting with a digit", "ada@example.1com"],
    ["a top-level label ending with a digit", "ada@example.com1"],
    ["text before the address", "mail ada@example.com"],
    ["text after the address", "ada@example.com please"],
    ["a dotted local part and a one-label domain", "ada.lovelace@localhost"],
  ])("rejects %s", (_name, email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it("rejects addresses over 254 characters and accepts exactly 254", () => {
    const domain = "@example.com";
    const label63 = "a".repeat(63);
    const local = "b".repeat(254 - domain.length);
    expect(isValidEmail(`${local}${domain}`)).toBe(true);
    expect(isValidEmail(`${local}b${domain}`)).toBe(false);
    expect(isValidEmail(`ada@${label63}.com`)).toBe(true);
    expect(isValidEmail(`ada@${label63}a.com`)).toBe(false);
  });

  it("trims before checking", () => {
    expect(normalizeEmail("  ada@example.com\n")).toBe("ada@example.com");
  });
});

describe("international domains", () => {
  it.each([
    ["x@bücher.de", "x@xn--bcher-kva.de"],
    ["  Ada@BÜCHER.de ", "Ada@xn--bcher-kva.de"],
    ["x@straße.de", "x@xn--strae-oqa.de"],
    ["x@münchen.xn--p1ai", "x@xn--mnchen-3ya.xn--p1ai"],
    ["x@例え.テスト", "x@xn--r8jz45g.xn--zckzah"],
    ["x@ｂücher.de", "x@xn--bcher-kva.de"],
    ["x@bücher1.de", "x@xn--bcher1-3ya.de"],
    // "é" typed as e and a combining accent: the label ends with the mark.
    ["x@cafe\u0301.fr", "x@xn--caf-dma.fr"],
  ])("sends %s as %s and accepts it", (typed, sent) => {
    expect(normalizeEmail(typed)).toBe(sent);
    expect(isValidEmail(typed)).toBe(true);
  });

  it("leaves ASCII domains as typed", () => {
    expect(normalizeEmail("ADA@EXAMPLE.COM")).toBe("ADA@EXAMPLE.COM");
    expect(normalizeEmail("x@xn--bcher-kva.de")).toBe("x@xn--bcher-kva.de");
  });

  it.each([
    ["a path after the domain", "x@bücher.de/admin"],
    ["a space in the domain", "x@bü cher.de"],
    ["an escaped byte", "x@b%C3%BCcher.de"],
    ["an empty label", "x@bücher..de"],
    ["a label starting with a hyphen", "x@-bücher.de"],
    ["a label ending with a hyphen", "x@bücher-.de"],
    ["a port", "x@bücher.de:25"],
    ["a non-ASCII local part", "jörg@example.de"],
    ["one label only", "x@bücher"],
  ])("still refuses %s", (_name, typed) => {
    expect(isValidEmail(typed)).toBe(false);
  });
});
