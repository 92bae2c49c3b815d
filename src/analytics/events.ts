/**
 * The field signals' events (docs/analytics.md): names and properties, each a fixed word; shared by
 * the signals (field-signals.ts) and the tracker's chunk (plausible-tracker.ts).
 */

/** How a delivered signup was started (src/waitlist/core/delivery.ts, `Start`). */
type SignupStart = "form" | "before-app" | "resumed";

/** The words of a property that says whether something happened (`retried`, `taken`). */
export const YES_NO = ["yes", "no"] as const;
/** The words of `bot_check`: whether the build has the bot check. */
export const ON_OFF = ["on", "off"] as const;

/** The funnel's events and their properties. */
export type FieldEvent =
  | { name: "pageview" }
  | { name: "Form Start" }
  | {
      name: "Signup";
      props: {
        start: SignupStart;
        /** It was tried again automatically before it arrived. */
        retried: (typeof YES_NO)[number];
        bot_check: (typeof ON_OFF)[number];
      };
    }
  | { name: "Signup Failed"; props: { cause: string } }
  | { name: "Signup Kept"; props: { reason: string } }
  /** A typo hint under the field ended: its button was used, or not (never the address or domain). */
  | { name: "Typo Hint"; props: { taken: (typeof YES_NO)[number] } };

/** Every event's name, and no other (the type makes it the whole list). */
const EVENT_NAMES: Readonly<Record<FieldEvent["name"], true>> = {
  pageview: true,
  "Form Start": true,
  Signup: true,
  "Signup Kept": true,
  "Signup Failed": true,
  "Typo Hint": true,
};

/**
 * `name` is one of the field events': the tracker sends nothing else, not the events of its own
 * that it makes from clicks and submits of elements tagged for it (the site tags none).
 */
export function isFieldEventName(name: string): boolean {
  return Object.hasOwn(EVENT_NAMES, name);
}

/**
 * `name` is an event the site's tracker sends: one of the field events, or Plausible's own
 * `engagement` event, which repeats the last page view's cleaned URL (plausible-tracker.ts). The
 * hosts' event proxy forwards no other (scripts/build/event-proxy/handler.ts).
 */
export function isTrackerEventName(name: string): boolean {
  return isFieldEventName(name) || name === "engagement";
}

/** An event and the page it happened on (it may be sent after the page moved on). */
export type TrackedEvent = FieldEvent & { url: string };
