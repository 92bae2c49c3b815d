/**
 * The signup funnel's field signals (docs/analytics.md), in the waitlist's words: "Signup" once per
 * delivered signup, with how it was started and whether it was tried again; "Signup Kept" once per
 * signup the visitor is told is saved and still being sent; "Signup Failed" with its cause once per
 * failure the visitor is shown. The waitlist's adapter of src/analytics, which never imports the
 * waitlist: it knows the signup and the causes of its failures (failure-cause.ts, a chunk of its
 * own, loaded only for a failure). Callers guard each call with `__ANALYTICS_ON__`, so a build
 * without the setting carries none of it. Nothing about the address goes in.
 */
import type { SignupStart } from "@/analytics/events";
import type { FieldSignals } from "@/analytics/field-signals";
import type {
  DeliveryOptions,
  SignupOutcome,
  WaitlistSignup,
} from "@/waitlist/core/waitlist-signup";

/** A submit's options: the core's, and how the submit was started, which only the form knows. */
type SubmitOptions = NonNullable<Parameters<WaitlistSignup["submit"]>[1]> & {
  /** The inline loader kept this submit before the app ran ("before-app"; else "form"). */
  keptBeforeApp?: boolean;
};

/** The signup as the page's callers use it: a submit also says how it was started. */
export type PageSignup = Omit<WaitlistSignup, "submit"> & {
  submit(email: string, options?: SubmitOptions): Promise<SignupOutcome>;
};

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

type Delivery = (email: string, options?: DeliveryOptions) => Promise<SignupOutcome>;

/**
 * `signup` telling `signals` how each delivery went: its first wait is "Signup Kept"; a delivered
 * one is "Signup", retried when a wait led to another try (every reason but an overdue answer).
 */
export function withTracking(signup: WaitlistSignup, signals: FieldSignals): PageSignup {
  const tracked = async (
    start: SignupStart,
    run: Delivery,
    email: string,
    options: DeliveryOptions = {},
  ): Promise<SignupOutcome> => {
    let kept = false;
    let retried = false;
    const outcome = await run(email, {
      ...options,
      onWaiting(reason) {
        if (reason !== "slow") retried = true;
        if (!kept) signals.track({ name: "Signup Kept", props: { reason } });
        kept = true;
        options.onWaiting?.(reason);
      },
    });
    if (outcome === "sent") {
      signals.track({
        name: "Signup",
        props: {
          start,
          retried: retried ? "yes" : "no",
          bot_check: __BOT_CHECK_ON__ ? "on" : "off",
        },
      });
    }
    return outcome;
  };
  return {
    ...signup,
    submit: (email, { keptBeforeApp, ...options } = {}) =>
      tracked(keptBeforeApp ? "before-app" : "form", signup.submit, email, options),
    // "resumed": the event's own word (docs/analytics.md), kept as the dashboards know it.
    sendPending: (email, options) => tracked("resumed", signup.sendPending, email, options),
    resend: (email, options) => tracked("resent", signup.resend, email, options),
  };
}
