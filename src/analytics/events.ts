/**
 * The field signals' events (docs/analytics.md): names and properties, each a fixed word; shared by
 * the signals (field-signals.ts) and the tracker's chunk (plausible-tracker.ts).
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

/** Every signal's name, and no other (the type makes it the whole list). */
const SIGNAL_NAMES: Readonly<Record<Signal["name"], true>> = {
  pageview: true,
  "Form Start": true,
  Signup: true,
  "Signup Kept": true,
  "Signup Failed": true,
};

/**
 * `name` is one of the signals': the tracker sends nothing else, not the events of its own that it
 * makes from clicks and submits of elements tagged for it (the site tags none).
 */
export function isSignalName(name: string): boolean {
  return Object.hasOwn(SIGNAL_NAMES, name);
}

/** A signal and the page it happened on (it may be sent after the page moved on). */
export type Recorded = Signal & { url: string };
