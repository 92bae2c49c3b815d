import { describe, expect, it } from "vitest";
import { createChallengeSwitch, parseChallenge } from "./recaptcha-challenges";

describe("parseChallenge", () => {
  it.each(["expired", "error", "silent"])('takes "ends": "%s"', (ends) => {
    expect(parseChallenge({ count: 1, ends, afterMs: 15_000 })).toEqual({
      count: 1,
      ends,
      afterMs: 15_000,
    });
  });

  it("refuses any other ending, naming the ones it takes", () => {
    expect(() => parseChallenge({ count: 1, ends: "hang" })).toThrow(
      'Invalid challenge: ends must be "expired", "error" or "silent"',
    );
  });
});

describe("the challenge switch", () => {
  it("gives a silent Google's plan to the matching execute, once", () => {
    const challenges = createChallengeSwitch();
    challenges.add(parseChallenge({ count: 1, ends: "silent", match: { email: "a@example.com" } }));
    expect(challenges.take("b@example.com")).toBeUndefined();
    expect(challenges.take(" A@example.com ")).toEqual({ ends: "silent", afterMs: undefined });
    expect(challenges.take("a@example.com")).toBeUndefined();
  });
});
