import { describe, expect, it } from "vitest";
import { terminalSafe } from "./terminal-text";
import { controlCharactersIn } from "./test-harness";

describe("terminalSafe", () => {
  it.each([
    ["plain text, punctuation and non-Latin letters", 'Signup "ok" on /ünï/测试 ✓', null],
    ["an escape sequence that recolours", "\u001b[31mred\u001b[0m", "\\x1b[31mred\\x1b[0m"],
    ["one that retitles the window", "\u001b]0;pwned\u0007", "\\x1b]0;pwned\\x07"],
    ["a newline that forges a second line", "a\nEmail accepted", "a\\x0aEmail accepted"],
    ["a carriage return, tab, backspace and NUL", "a\rb\tc\bd\u0000", "a\\x0db\\x09c\\x08d\\x00"],
    ["DEL", "a\u007fb", "a\\x7fb"],
    ["C1 controls, CSI among them", "\u0080\u009b31m\u009f", "\\x80\\x9b31m\\x9f"],
    ["a right-to-left override", "abc\u202edcba", "abc\\u202edcba"],
    ["an isolate and the line separator", "\u2066x\u2069\u2028", "\\u2066x\\u2069\\u2028"],
  ])("keeps %s visible and inert", (_, text, expected) => {
    const safe = terminalSafe(text);
    expect(safe).toBe(expected ?? text);
    expect(controlCharactersIn(safe)).toEqual([]);
  });
});
