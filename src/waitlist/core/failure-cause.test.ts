/**
 * The word each failure is counted under in the field signals: from the error alone, EmailJS's
 * status and text, the SDK's own refusals, the delivery's time limit and the bot check's reasons.
 */
import { describe, expect, it } from "vitest";
import { failureCause } from "./failure-cause";

const online = { online: true };
const http = (status: number, text = "") => ({ status, text });
const named = (name: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(name), { name }, extra);

describe("failureCause", () => {
  it.each([
    [http(429, "Too Many Requests"), "throttled"],
    [http(402, "The email quota of this account is used up (200 sent)."), "quota-spent"],
    [http(426, "Your monthly quota is exhausted"), "quota-spent"],
    [http(503, "Service Unavailable"), "outage"],
    [http(500, "Internal Server Error"), "outage"],
    [http(451, "Unavailable For Headless Browser"), "headless"],
    [http(403, "API calls are disabled for non-browser applications"), "non-browser-refused"],
    [
      http(403, "The origin https://www.bulwark.example is not in this account's allowed origins"),
      "origin-refused",
    ],
    [http(403, "Forbidden"), "blocklisted"],
    [http(400, "The service ID is invalid"), "invalid-ids"],
    [http(400, "reCAPTCHA: The g-recaptcha-response parameter not found"), "bot-check-refused"],
    [http(404, "Not Found"), "other"],
    ["The public key is required", "missing-ids"],
    [named("SendTimeoutError"), "time-limit"],
    [named("BotCheckUnavailableError", { reason: "closed" }), "bot-check-closed"],
    [named("BotCheckUnavailableError", { reason: "blocked" }), "bot-check-blocked"],
    [named("BotCheckUnavailableError", { reason: "expired" }), "bot-check-expired"],
    [named("BotCheckUnavailableError", { reason: "error" }), "bot-check-error"],
    [named("BotCheckUnavailableError", { reason: "silent" }), "bot-check-silent"],
    [named("BotCheckUnavailableError", { reason: "other" }), "bot-check-error"],
    [null, "other"],
  ])("%j is %s", (error, cause) => {
    expect(failureCause(error, online)).toBe(cause);
  });

  it("tells no answer while online from one while offline", () => {
    const dropped = new TypeError("Failed to fetch");
    expect(failureCause(dropped, { online: true })).toBe("no-answer");
    expect(failureCause(dropped, { online: false })).toBe("offline");
    expect(failureCause(http(0, "Network Error"), { online: false })).toBe("offline");
  });
});
