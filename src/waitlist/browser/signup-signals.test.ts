// @vitest-environment happy-dom
/**
 * The funnel's view of a delivery: one "Signup" per delivered signup with how it started (a submit
 * kept before the app ran says so in its options) and whether it was retried, one "Signup Kept" at
 * its first wait, "Signup Failed" with its cause; nothing for a signup that was not sent here. The
 * delivery and the page's signals are stand-ins.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FieldEvent, FieldSignals } from "@/analytics/field-signals";
import type {
  DeliveryOptions,
  SignupOutcome,
  WaitlistSignup,
} from "@/waitlist/core/waitlist-signup";
import { trackFailure, withTracking } from "./signup-signals";

const sent: FieldEvent[] = [];
const signals: FieldSignals = {
  start: () => {},
  track: (event) => sent.push(event),
  trackFormStart: () => {},
};

/** A delivery that reports `waits` and ends in `outcome`; what it was given, in `given`. */
function delivery(
  outcome: SignupOutcome,
  waits: Parameters<Required<DeliveryOptions>["onWaiting"]>[0][] = [],
) {
  return vi.fn(async (_email: string, options: DeliveryOptions = {}) => {
    for (const reason of waits) options.onWaiting?.(reason);
    return outcome;
  });
}

function signup(outcome: SignupOutcome, waits: Parameters<typeof delivery>[1] = []) {
  const run = delivery(outcome, waits);
  return { submit: run, sendPending: run, resend: run } as unknown as WaitlistSignup & {
    submit: typeof run;
  };
}

beforeEach(() => {
  sent.length = 0;
});

describe("withTracking", () => {
  it("a delivered submit is one Signup from the form, not retried", async () => {
    await withTracking(signup("sent"), signals).submit("ada@example.com");
    expect(sent).toEqual([
      { name: "Signup", props: { start: "form", retried: "no", bot_check: "off" } },
    ]);
  });

  it("a submit whose options say it was kept before the app started is that start, the next the form's", async () => {
    const core = signup("sent");
    const tracked = withTracking(core, signals);
    await tracked.submit("ada@example.com", { honeypot: "", keptBeforeApp: true });
    await tracked.submit("grace@example.com");
    expect(sent.map((event) => "props" in event && event.props)).toEqual([
      { start: "before-app", retried: "no", bot_check: "off" },
      { start: "form", retried: "no", bot_check: "off" },
    ]);
    // The core gets its own options: the honeypot, not how the submit started.
    expect(core.submit.mock.calls[0]?.[1]).toHaveProperty("honeypot", "");
    expect(core.submit.mock.calls[0]?.[1]).not.toHaveProperty("keptBeforeApp");
  });

  it("tells the first wait as Signup Kept, passes every wait on, and a retry marks the Signup", async () => {
    const onWaiting = vi.fn();
    await withTracking(signup("sent", ["crowd", "trouble"]), signals).sendPending(
      "ada@example.com",
      { onWaiting },
    );
    expect(onWaiting.mock.calls).toEqual([["crowd"], ["trouble"]]);
    expect(sent).toEqual([
      { name: "Signup Kept", props: { reason: "crowd" } },
      { name: "Signup", props: { start: "resumed", retried: "yes", bot_check: "off" } },
    ]);
  });

  it("an answer only overdue is kept, not retried", async () => {
    await withTracking(signup("sent", ["slow"]), signals).resend("ada@example.com");
    expect(sent.at(-1)).toEqual({
      name: "Signup",
      props: { start: "resent", retried: "no", bot_check: "off" },
    });
  });

  it.each(["already-sent", "ignored", "cancelled", "unknown"] as const)(
    "a delivery that ends %s is no Signup",
    async (outcome) => {
      await withTracking(signup(outcome), signals).submit("ada@example.com");
      expect(sent).toEqual([]);
    },
  );
});

describe("trackFailure", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.doUnmock("@/waitlist/core/failure-cause");
  });

  it("counts the failure by its cause, never by what was sent", async () => {
    await trackFailure({ status: 429, text: "Too Many Requests" }, signals);
    expect(sent).toEqual([{ name: "Signup Failed", props: { cause: "throttled" } }]);
  });

  it("judges it as it is shown: offline then is offline, whenever the causes' chunk arrives", async () => {
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const tracked = trackFailure({ status: 0 }, signals);
    onLine.mockReturnValue(true);
    await tracked;
    expect(sent).toEqual([{ name: "Signup Failed", props: { cause: "offline" } }]);
  });

  it("a causes' chunk that cannot load: no event, and no error for the page", async () => {
    vi.doMock("@/waitlist/core/failure-cause", () => {
      throw new Error("Failed to fetch dynamically imported module");
    });
    await expect(trackFailure({ status: 429 }, signals)).resolves.toBeUndefined();
    expect(sent).toEqual([]);
  });
});
