/**
 * Every key this site keeps in the browser's storage, today's and those earlier deploys wrote, in
 * one list (docs/behaviour.md, "What the browser keeps"). As a page starts, anything of ours in
 * storage that is not on today's list is removed (src/waitlist/browser/browser-storage.ts,
 * `sweepRetiredKeys`), so no key an earlier deploy left, one naming an address included, outlives
 * the deploy that stopped using it.
 */

/** Every key of ours begins with this; nothing else in the origin's storage is touched. */
export const OUR_PREFIX = "bulwark:";

/** Today's keys in `localStorage`, shared by the site's tabs. */
export const SITE_KEYS = {
  /** Signups not yet delivered, with their addresses: 7 days from the day (signup-memory.ts). */
  pending: "bulwark:waitlist:pending",
  /** Delivered signups as keyed hashes, and the key: 30 days each (signup-memory.ts). */
  delivered: "bulwark:waitlist:delivered",
  /** The tab lock's lease where Web Locks are missing: a holder and a count, no address (tab-lock.ts). */
  lease: "bulwark:waitlist:lease",
  /** The time of the last send, for EmailJS's one-a-second limit, production builds only (email-client.ts). */
  rate: "bulwark:waitlist:rate",
} as const;

/** Today's keys in `sessionStorage`, the tab's own. */
export const TAB_KEYS = {
  /** "1" once this tab signed up, for the conversion event (signup-memory.ts). */
  signedUp: "bulwark:waitlist:signed-up",
} as const;

/**
 * Keys earlier deploys wrote that today's code still reads once to bring their content forward,
 * then removes: the clear-text list of delivered addresses, hashed by signup-memory.ts.
 */
export const MIGRATED_KEYS = {
  clearSent: "bulwark:waitlist:sent",
} as const;

/**
 * Keys earlier deploys wrote that nothing reads any more; the sweep removes them with anything
 * else of ours not listed above. Listed so the tests can fill storage with each old shape.
 */
export const RETIRED_KEYS = [
  /** The fallback lock's lease per address, its name holding the address. */
  "bulwark:waitlist:send:<address>:lease",
] as const;

/** What may stay in each area as a page starts: today's keys, and those still to be migrated. */
export const KEPT_KEYS = {
  localStorage: [...Object.values(SITE_KEYS), ...Object.values(MIGRATED_KEYS)],
  sessionStorage: Object.values(TAB_KEYS),
} as const;
