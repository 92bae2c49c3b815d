/**
 * The field signals' events (docs/analytics.md): names and properties, each a fixed word; shared by
 * the signals (analytics.ts) and the tracker's chunk (plausible-tracker.ts).
 */

/** The funnel's events and their properties. */
export type Signal =
  | { name: "pageview" }
  | { name: "Form Start" }
  | {
      name: "Signup";
      props: {
        /** How the delivered signup was started. */
        start: "form" | "before-app" | "resumed" | "resent";
        /** It was tried again automatically before it arrived. */
        retried: "yes" | "no";
        bot_check: "on" | "off";
      };
    }
  | { name: "Signup Failed"; props: { cause: string } }
  | { name: "Signup Kept"; props: { reason: string } };

/** A signal and the page it happened on (it may be sent after the page moved on). */
export type Recorded = Signal & { url: string };
