import { describe, expect, it } from "vitest";
import { buildTemplateParams, describeSendError, SendTimeoutError } from "./email-client";

describe("buildTemplateParams", () => {
  it("sends the address with the fixed waitlist fields", () => {
    expect(buildTemplateParams("ada@example.com")).toEqual({
      email: "ada@example.com",
      name: "Waitlist Subscriber",
      company: "N/A",
      role: "N/A",
      needs: "Joined via the simplified waitlist form",
    });
  });
});

describe("describeSendError", () => {
  it("reads the SDK's status objects, its thrown strings and errors", () => {
    expect(describeSendError({ status: 451, text: "Unavailable For Headless Browser" })).toBe(
      "HTTP 451 Unavailable For Headless Browser",
    );
    expect(describeSendError("The template ID is required.")).toBe("The template ID is required.");
    expect(describeSendError(new SendTimeoutError(15_000))).toBe(
      "EmailJS did not answer within 15000 ms",
    );
    expect(describeSendError(new TypeError("Failed to fetch"))).toBe("Failed to fetch");
  });
});
