// @vitest-environment happy-dom
/**
 * The funnel's view of a delivery, from its events: one "Signup" per delivered signup with how it
 * started and whether it was retried, one "Signup Kept" at its first wait, "Signup Failed" with its
 * cause; nothing for a signup that was not sent here. The page's signals are a stand-in.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FieldEvent, FieldSignals } from "@/analytics/field-signals";
import type { DeliveryEvent, Outcome, Start } from "@/waitlist/core/delivery-deps";
import { signalsPart, trackFailure } from "./signup-signals";

const sent: FieldEvent[] = [];
const signals: FieldSignals = {
  start: () => {},
  track: (event) => sent.push(event),
  trackFormStart: vi.fn(),
};

/** A delivery started as `start` that tells `events`, then ends in `outcome`. */
function deliver(
  start: Start,
  outcome: Outcome,
  { events = [], retried = false }: { events?: DeliveryEvent[]; retried?: boolean } = {},
) {
  const ear = signalsPart(signals).observe?.(start);
  for (const event of events) ear?.(event);
  ear?.({ type: "ended", start, outcome, retried });
}

const waiting = (reason: "crowd" | "trouble" | "slow"): DeliveryEvent => ({
  type: "waiting",
  reason,
});

beforeEach(() => {
  sent.length = 0;
});

describe("signalsPart", () => {
  it.each(["form", "before-app", "resumed"] as const)(
    "a delivered signup started as %s is one Signup that says so, not retried",
    (start) => {
      deliver(start, "sent");
      expect(sent).toEqual([{ name: "Signup", props: { start, retried: "no", bot_check: "off" } }]);
    },
  );

  it("tells the first wait as Signup Kept, once, and a retry marks the Signup", () => {
    deliver("form", "sent", { events: [waiting("crowd"), waiting("trouble")], retried: true });
    expect(sent).toEqual([
      { name: "Signup Kept", props: { reason: "crowd" } },
      { name: "Signup", props: { start: "form", retried: "yes", bot_check: "off" } },
    ]);
  });

  it("each delivery has its own first wait", () => {
    deliver("form", "cancelled", { events: [waiting("slow")] });
    deliver("form", "cancelled", { events: [waiting("crowd")] });
    expect(sent).toEqual([
      { name: "Signup Kept", props: { reason: "slow" } },
      { name: "Signup Kept", props: { reason: "crowd" } },
    ]);
  });

  it.each(["already-sent", "cancelled"] as const)(
    "a delivery that ends %s is no Signup",
    (outcome) => {
      deliver("form", outcome);
      expect(sent).toEqual([]);
    },
  );

  it("a failed delivery is one Signup Failed with its cause", async () => {
    const ear = signalsPart(signals).observe?.("form");
    ear?.({
      type: "ended",
      start: "form",
      outcome: "failed",
      retried: false,
      error: { status: 429 },
    });
    await vi.waitFor(() =>
      expect(sent).toEqual([{ name: "Signup Failed", props: { cause: "throttled" } }]),
    );
  });

  it("the field's first use is Form Start's", () => {
    const field = document.createElement("input");
    signalsPart(signals).onField?.(field);
    expect(signals.trackFormStart).toHaveBeenCalledWith(field);
  });
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
