// @vitest-environment happy-dom
/**
 * The funnel's view of a delivery: one "Signup" per delivered signup with how it started and whether
 * it was retried, one "Signup Kept" at its first wait, "Signup Failed" with its cause; nothing for a
 * signup that was not sent here. The delivery itself is a stand-in.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Signal } from "@/analytics/field-signals";
import type {
  DeliveryOptions,
  SignupOutcome,
  WaitlistSignup,
} from "@/waitlist/core/waitlist-signup";

const sent = vi.hoisted(() => [] as Signal[]);
vi.mock("@/analytics/field-signals", () => ({ signal: (event: Signal) => sent.push(event) }));

const { signalFailed, signalKeptBeforeApp, withSignals } = await import("./signup-signals");

/** A delivery that reports `waits` and ends in `outcome`. */
function delivery(
  outcome: SignupOutcome,
  waits: Parameters<Required<DeliveryOptions>["onWaiting"]>[0][] = [],
) {
  return async (_email: string, options: DeliveryOptions = {}) => {
    for (const reason of waits) options.onWaiting?.(reason);
    return outcome;
  };
}

function signup(
  outcome: SignupOutcome,
  waits: Parameters<typeof delivery>[1] = [],
): WaitlistSignup {
  const run = delivery(outcome, waits);
  return { submit: run, sendPending: run, resend: run } as unknown as WaitlistSignup;
}

beforeEach(() => {
  sent.length = 0;
});

describe("withSignals", () => {
  it("a delivered submit is one Signup from the form, not retried", async () => {
    await withSignals(signup("sent")).submit("ada@example.com");
    expect(sent).toEqual([
      { name: "Signup", props: { start: "form", retried: "no", bot_check: "off" } },
    ]);
  });

  it("says a submit kept before the app started, once", async () => {
    const signals = withSignals(signup("sent"));
    signalKeptBeforeApp();
    await signals.submit("ada@example.com");
    await signals.submit("grace@example.com");
    expect(sent.map((event) => "props" in event && event.props)).toEqual([
      { start: "before-app", retried: "no", bot_check: "off" },
      { start: "form", retried: "no", bot_check: "off" },
    ]);
  });

  it("tells the first wait as Signup Kept, passes every wait on, and a retry marks the Signup", async () => {
    const onWaiting = vi.fn();
    await withSignals(signup("sent", ["crowd", "trouble"])).sendPending("ada@example.com", {
      onWaiting,
    });
    expect(onWaiting.mock.calls).toEqual([["crowd"], ["trouble"]]);
    expect(sent).toEqual([
      { name: "Signup Kept", props: { reason: "crowd" } },
      { name: "Signup", props: { start: "resumed", retried: "yes", bot_check: "off" } },
    ]);
  });

  it("an answer only overdue is kept, not retried", async () => {
    await withSignals(signup("sent", ["slow"])).resend("ada@example.com");
    expect(sent.at(-1)).toEqual({
      name: "Signup",
      props: { start: "resent", retried: "no", bot_check: "off" },
    });
  });

  it.each(["already-sent", "ignored", "cancelled", "unknown"] as const)(
    "a delivery that ends %s is no Signup",
    async (outcome) => {
      await withSignals(signup(outcome)).submit("ada@example.com");
      expect(sent).toEqual([]);
    },
  );

  it("wraps once: given its own result, it returns it", () => {
    const once = withSignals(signup("sent"));
    expect(withSignals(once)).toBe(once);
  });
});

describe("signalFailed", () => {
  it("counts the failure by its cause, never by what was sent", () => {
    signalFailed({ status: 429, text: "Too Many Requests" });
    expect(sent).toEqual([{ name: "Signup Failed", props: { cause: "throttled" } }]);
  });
});
