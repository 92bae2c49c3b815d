/**
 * The signup funnel's field signals (docs/analytics.md), in the waitlist's words: "Signup" once per
 * delivered signup, with how it was started and whether it was tried again; "Signup Kept" once per
 * signup the visitor is told is saved and still being sent; "Signup Failed" with its cause once per
 * failure the visitor is shown. Callers guard each call with `__ANALYTICS_ON__`, so a build without
 * the setting carries none of it. Nothing about the address goes in.
 */
import { type Signal, signal } from "@/analytics/field-signals";
import { failureCause } from "@/waitlist/core/failure-cause";
import type { DeliveryOptions, WaitlistSignup } from "@/waitlist/core/waitlist-signup";

type Start = Extract<Signal, { name: "Signup" }>["props"]["start"];

/** The next submit was kept by the inline loader before the app ran. */
let keptBeforeApp = false;

/** Says the submit about to be made was kept before the app started. */
export function signalKeptBeforeApp(): void {
  keptBeforeApp = true;
}

/** A failure the visitor is shown, by cause. */
export function signalFailed(error: unknown): void {
  const cause = failureCause(error, { online: navigator.onLine });
  signal({ name: "Signup Failed", props: { cause } });
}

const signalled = new WeakSet<WaitlistSignup>();

/**
 * `signup` telling the funnel how each delivery went: its first wait is "Signup Kept"; a delivered
 * one is "Signup", retried when a wait led to another try (every reason but an overdue answer).
 * Given one it already made, it returns it as it is.
 */
export function withSignals(signup: WaitlistSignup): WaitlistSignup {
  if (signalled.has(signup)) return signup;
  const watched =
    (
      start: () => Start,
      run: (email: string, options?: DeliveryOptions) => ReturnType<WaitlistSignup["sendPending"]>,
    ) =>
    async (email: string, options: DeliveryOptions = {}) => {
      const how = start();
      let kept = false;
      let retried = false;
      const outcome = await run(email, {
        ...options,
        onWaiting(reason) {
          if (reason !== "slow") retried = true;
          if (!kept) signal({ name: "Signup Kept", props: { reason } });
          kept = true;
          options.onWaiting?.(reason);
        },
      });
      if (outcome === "sent") {
        signal({
          name: "Signup",
          props: {
            start: how,
            retried: retried ? "yes" : "no",
            bot_check: __BOT_CHECK_ON__ ? "on" : "off",
          },
        });
      }
      return outcome;
    };
  const withThem: WaitlistSignup = {
    ...signup,
    submit: watched(() => {
      const early = keptBeforeApp;
      keptBeforeApp = false;
      return early ? "before-app" : "form";
    }, signup.submit),
    // "resumed": the event's own word (docs/analytics.md), kept as the dashboards know it.
    sendPending: watched(() => "resumed", signup.sendPending),
    resend: watched(() => "resent", signup.resend),
  };
  signalled.add(withThem);
  return withThem;
}
