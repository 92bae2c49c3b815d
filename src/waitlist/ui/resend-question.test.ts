import { describe, expect, it, vi } from "vitest";
import { askResendQuestionsWith, askWhetherToResend } from "./resend-question";

describe("the resend question", () => {
  it("reaches the one who asks it, until they stop", () => {
    const ask = vi.fn();
    const stop = askResendQuestionsWith(ask);
    askWhetherToResend("ada@example.com");
    expect(ask).toHaveBeenCalledWith("ada@example.com");
    stop();
    askWhetherToResend("bob@example.com");
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it("a stop from an earlier asker leaves the later one asking", () => {
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = askResendQuestionsWith(first);
    askResendQuestionsWith(second);
    stopFirst();
    askWhetherToResend("ada@example.com");
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith("ada@example.com");
  });
});
