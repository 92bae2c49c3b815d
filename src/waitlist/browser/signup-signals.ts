/** The signup's field signals as a part of the waitlist (docs/analytics.md, "In the code"). */
import type { FieldSignals } from "@/analytics/field-signals";
import type { SignupPart } from "./browser-signup";

/** A failure shown, by cause, once the causes' chunk loads; if it cannot, this event is lost. */
export function trackFailure(error: unknown, signals: FieldSignals): Promise<void> {
  const online = navigator.onLine;
  return import("@/waitlist/core/failure-cause").then(
    ({ failureCause }) =>
      signals.track({ name: "Signup Failed", props: { cause: failureCause(error, { online }) } }),
    () => undefined,
  );
}

export function signalsPart(signals: FieldSignals): SignupPart {
  return {
    observe(start) {
      let kept = false;
      return (event) => {
        if (event.type === "waiting" && !kept) {
          kept = true;
          signals.track({ name: "Signup Kept", props: { reason: event.reason } });
        }
        if (event.type !== "ended") return;
        if (event.outcome === "failed") void trackFailure(event.error, signals);
        if (event.outcome !== "sent") return;
        const retried = event.retried ? "yes" : "no";
        const botCheck = __BOT_CHECK_ON__ ? "on" : "off";
        signals.track({ name: "Signup", props: { start, retried, bot_check: botCheck } });
      };
    },
    onField: (field) => signals.trackFormStart(field),
  };
}
