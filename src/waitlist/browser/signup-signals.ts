/**
 * The signup funnel's field signals (docs/analytics.md), as an optional part of the waitlist
 * (browser-signup.ts, `SignupPart`), handed in at start-up only in a build with them: "Form Start"
 * on the field's first use; for each delivery, "Signup Kept" at its first wait, "Signup" once
 * delivered (how it started, whether a wait led to another try), "Signup Failed" with its cause
 * (failure-cause.ts, a chunk of its own, loaded only for a failure). Nothing about the address goes in.
 */
import type { FieldSignals } from "@/analytics/field-signals";
import type { SignupPart } from "./browser-signup";

/**
 * A failure the visitor is shown, by cause, judged as it is shown (online or not then) once the
 * causes' chunk has loaded: events wait for the tracker anyway. Should the chunk fail to load
 * (offline, a redeploy), this event is lost, never the page's own work.
 */
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
