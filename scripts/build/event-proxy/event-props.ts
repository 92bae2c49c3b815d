/**
 * The properties each event the site's tracker sends may carry, and the words each may hold: the
 * event proxy (./handler.ts) forwards no other. Each list is imported from where the site makes its
 * words (the delivery's, the failure's causes, the events' own), so a word the site starts sending
 * is allowed here with no second list to keep.
 */
import { type FieldEvent, ON_OFF, YES_NO } from "../../../src/analytics/events";
import { STARTS, WAIT_REASONS } from "../../../src/waitlist/core/delivery-deps";
import { FAILURE_CAUSES } from "../../../src/waitlist/core/failure-cause";

type PropsOf<Event> = Event extends { props: infer Props } ? Props : Record<never, never>;

/** An event's property keys, each with the words it may hold: the type asks for every key, no other. */
type Allowed<Event> = {
  readonly [Key in keyof PropsOf<Event>]-?: readonly PropsOf<Event>[Key][];
};

const NONE = {};

export const EVENT_PROPS: { readonly [Event in FieldEvent as Event["name"]]: Allowed<Event> } & {
  readonly engagement: Record<never, never>;
} = {
  pageview: NONE,
  "Form Start": NONE,
  Signup: { start: STARTS, retried: YES_NO, bot_check: ON_OFF },
  "Signup Failed": { cause: FAILURE_CAUSES },
  "Signup Kept": { reason: WAIT_REASONS },
  "Typo Hint": { taken: YES_NO },
  // Plausible's engagement event repeats its page view's properties, and page views carry none.
  engagement: NONE,
};

/**
 * `props` (an event's `p`) are what the tracker sends with the event named `name`: an object whose
 * every key is one of that event's and every value one of that key's words.
 */
export function isAllowedProps(name: string, props: unknown): boolean {
  if (!Object.hasOwn(EVENT_PROPS, name)) return false;
  const allowed: Record<string, readonly unknown[]> = EVENT_PROPS[name as keyof typeof EVENT_PROPS];
  if (typeof props !== "object" || props === null || Array.isArray(props)) return false;
  return Object.entries(props).every(
    ([key, value]) => Object.hasOwn(allowed, key) && allowed[key]?.includes(value) === true,
  );
}
