import { describe, expect, it } from "vitest";
import { isValidEmail, normalizeEmail } from "./email-validation";

describe("isValidEmail", () => {
  it.each([
    "ada@example.com",
    "first.last+tag@sub.example.co.uk",
    "  padded@example.org  ",
    "o'brien@example.ie",
    "x@a-b.io",
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
