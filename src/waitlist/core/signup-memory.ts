/**
 * What this browser remembers about waitlist signups (docs/behaviour.md, "What the browser keeps"):
 * the signups not yet delivered, by address (being sent, or failed and kept to re-offer), for a week
 * at most; the addresses already delivered, only as keyed hashes, for 30 days, so the same one is
 * never emailed twice; and whether this tab signed up, for the conversion event. Every change
 * touches one address only: an arrival never wipes another's entry. A kept time is never a reason
 * to forget while pages run: another tab's clock, or this one's before it jumped, may differ by a
 * year, so what is past its keeping goes only in `expire`, as a page starts (docs/behaviour.md,
 * "A clock that jumps"). What it reads back is taken on
 * no one's word (another page, an extension or a person can write site storage): an entry whose
 * address the email rule refuses, as it would refuse it typed, or whose shape is wrong, is dropped,
 * so it is never sent nor shown.
 */
import type { Clock } from "./clock";
import { isValidEmail, normalizeEmail } from "./email-validation";
import type { KeyValueStore } from "./key-value-store";
import { MIGRATED_KEYS, SITE_KEYS, TAB_KEYS } from "./storage-keys";

const PENDING_KEY = SITE_KEYS.pending;
const DELIVERED_KEY = SITE_KEYS.delivered;
/** Where earlier deploys kept every delivered address in clear text: read once, hashed, removed. */
const CLEAR_SENT_KEY = MIGRATED_KEYS.clearSent;
const TAB_SIGNUP_KEY = TAB_KEYS.signedUp;

export const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a signup not yet delivered is kept, from the day of its last submit. */
export const PENDING_KEEP_MS = 7 * DAY_MS;
/** How long a delivered signup's hash is kept, from the day of its delivery. */
export const DELIVERED_KEEP_MS = 30 * DAY_MS;

/**
 * A time as the memory keeps it: the start of its day (UTC), not the millisecond. What is kept
 * then ends once its keeping has passed since that day began.
 */
const dayOf = (time: number) => time - (((time % DAY_MS) + DAY_MS) % DAY_MS);

/**
 * A signup not yet delivered. "sending": still being tried (a page that closes leaves it for the
 * next visit to finish); "failed": the visitor was told, the address waits in the field for a retry.
 */
export type PendingSignup = {
  email: string;
  state: "sending" | "failed";
  /** When a request went out and has not been answered yet: it may still arrive. */
  inFlightSince?: number;
  /** The one retry of a send that may have arrived has been used. */
  retried?: boolean;
};

/** A pending signup as stored: with the time it was last submitted, which its keeping runs from. */
type KeptSignup = PendingSignup & { keptAt: number };

/** The delivered signups: each address's hash under `key`, with the time it was delivered. */
type Delivered = { key: string; sent: Record<string, number> };

/** The browser's keyed hash (HMAC-SHA-256 in src/waitlist/browser/keyed-hash.ts). */
export type KeyedHash = {
  /** A new random key, as text; throws where the browser cannot make one (no WebCrypto). */
  newKey(): string;
  /** `text` hashed under `key`; rejects where the browser cannot. */
  hash(key: string, text: string): Promise<string>;
};

export type SignupMemory = ReturnType<typeof createSignupMemory>;

/** One address in any letter case: how signups are kept, compared, hashed and locked. */
export const keyOf = (email: string) => email.toLowerCase();

/**
 * A kept time as `expire` sees it at `now`: undefined once past its keeping; one from the clock's
 * future (another tab's clock ahead, or this one's before it was set back) taken as `now`, so it is
 * kept and still ends, `keepMs` from now.
 */
function keptTime(at: number, now: number, keepMs: number): number | undefined {
  if (at > now) return dayOf(now);
  return now - at < keepMs ? dayOf(at) : undefined;
}

/**
 * A stored entry as it may be used: its address valid by the rule a typed one meets, and sent as a
 * typed one is (normalizeEmail); its fields of the right kinds. One an earlier deploy wrote carries
 * no time: it is kept from `today`. Anything else is no entry.
 */
function keptSignupOf(value: unknown, today: number): KeptSignup | undefined {
  if (!value || typeof value !== "object") return undefined;
  const { email, state, inFlightSince, retried, keptAt = today } = value as Record<string, unknown>;
  if (typeof email !== "string" || !isValidEmail(email)) return undefined;
  if (state !== "sending" && state !== "failed") return undefined;
  if (inFlightSince !== undefined && !Number.isFinite(inFlightSince)) return undefined;
  if (retried !== undefined && typeof retried !== "boolean") return undefined;
  if (!Number.isFinite(keptAt)) return undefined;
  return {
    email: normalizeEmail(email),
    state,
    ...(inFlightSince === undefined ? {} : { inFlightSince: inFlightSince as number }),
    ...(retried === undefined ? {} : { retried }),
    keptAt: keptAt as number,
  };
}

/** The signup as the delivery rules see it: when it was kept is this module's own business. */
function pendingOf({ keptAt: _, ...signup }: KeptSignup): PendingSignup {
  return signup;
}

/** The stored record of delivered signups, its hashes of the wrong shape left out. */
function deliveredOf(value: unknown): Delivered | undefined {
  const { key, sent } = (value ?? {}) as Record<string, unknown>;
  if (typeof key !== "string" || !sent || typeof sent !== "object") return undefined;
  const kept = Object.entries(sent).filter(([, at]) => Number.isFinite(at));
  return { key, sent: Object.fromEntries(kept) };
}

/**
 * What the memory's steps work with: `site` outlives the tab (localStorage), `tab` lives as long as
 * the tab (sessionStorage); delivered addresses are kept as `hash`es under a random key kept beside
 * them, or, where hashing fails, only in `sentHere`, this page's memory.
 */
type Parts = {
  site: KeyValueStore;
  tab: KeyValueStore;
  clock: Pick<Clock, "now">;
  hash: KeyedHash;
  /** Delivered addresses (by key) that could not be hashed: known to this page only. */
  sentHere: Set<string>;
};

/** Where the pending signups are read and written: site storage, by this page's clock. */
type Pending = Pick<Parts, "site" | "clock">;

function readJson(site: KeyValueStore, key: string): unknown {
  const raw = site.getItem(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    // An address kept by an earlier version of the site, as plain text: a failed send.
    return raw.includes("@") ? [{ email: raw, state: "failed" }] : undefined;
  }
}

/** Writes `value` as JSON under `key`, or removes the key where `empty`. */
function write(site: KeyValueStore, key: string, value: unknown, empty: boolean) {
  if (empty) site.removeItem(key);
  else site.setItem(key, JSON.stringify(value));
}

function kept({ site, clock }: Pending): KeptSignup[] {
  const parsed = readJson(site, PENDING_KEY);
  if (!Array.isArray(parsed)) return [];
  const today = dayOf(clock.now());
  return parsed.flatMap((item) => keptSignupOf(item, today) ?? []);
}

/**
 * The signups this page may offer in its field or carry on sending: those within their keeping by
 * its clock. A delivery's own reads (`entry`) see every entry, whatever its time.
 */
function pending(parts: Pending): PendingSignup[] {
  const now = parts.clock.now();
  return kept(parts)
    .filter((entry) => keptTime(entry.keptAt, now, PENDING_KEEP_MS) !== undefined)
    .map(pendingOf);
}

/**
 * Rewrites one address's entry (or drops it, given null); the others stay as they are, and go
 * only once past their keeping.
 */
function update(
  parts: Pending,
  email: string,
  change: (entry: KeptSignup | undefined) => KeptSignup | null,
) {
  const key = keyOf(email);
  const entries = kept(parts);
  const index = entries.findIndex((entry) => keyOf(entry.email) === key);
  const next = change(entries[index]);
  const rest = entries.filter((_, at) => at !== index);
  const all = next ? [...rest, next] : rest;
  write(parts.site, PENDING_KEY, all, all.length === 0);
}

const readDelivered = (site: KeyValueStore) => deliveredOf(readJson(site, DELIVERED_KEY));

/**
 * Hashes `email` under the stored key (a new one, where `create` and there is none) and hands the
 * record and the hash to `use`, once the key is still the stored one (another tab may have made
 * the first key meanwhile: then under that one). Undefined where there is no key to hash under.
 */
async function withHash<T>(
  { site, hash }: Pick<Parts, "site" | "hash">,
  email: string,
  create: boolean,
  use: (record: Delivered, mark: string) => T,
): Promise<T | undefined> {
  let record = readDelivered(site);
  for (;;) {
    if (!record && !create) return undefined;
    record ??= { key: hash.newKey(), sent: {} };
    const mark = await hash.hash(record.key, keyOf(email));
    const stored = readDelivered(site);
    if (!stored || stored.key === record.key) return use(stored ?? record, mark);
    record = stored;
  }
}

/** Keeps `email` as delivered now: its hash in site storage, or this page's memory. */
async function keepDelivered(parts: Parts, email: string): Promise<void> {
  try {
    await withHash(parts, email, true, (record, mark) => {
      const sent = { ...record.sent, [mark]: dayOf(parts.clock.now()) };
      write(parts.site, DELIVERED_KEY, { key: record.key, sent }, false);
    });
  } catch {
    parts.sentHere.add(keyOf(email));
  }
}

/**
 * What is past its keeping by this page's clock goes, and what claims a time ahead of it is kept
 * as written now. Called as a page starts, and only while no tab is sending (browser-signup.ts):
 * a page whose clock is wrong never takes away what a running send relies on.
 */
function expire(parts: Pending): void {
  const { site } = parts;
  const now = parts.clock.now();
  const entries = kept(parts).flatMap((entry) => {
    const keptAt = keptTime(entry.keptAt, now, PENDING_KEEP_MS);
    return keptAt === undefined ? [] : [{ ...entry, keptAt }];
  });
  write(site, PENDING_KEY, entries, entries.length === 0);
  const record = readDelivered(site);
  if (!record) return;
  const sent = Object.entries(record.sent).flatMap(([mark, at]) => {
    const keptAt = keptTime(at, now, DELIVERED_KEEP_MS);
    return keptAt === undefined ? [] : [[mark, keptAt] as const];
  });
  write(
    site,
    DELIVERED_KEY,
    { key: record.key, sent: Object.fromEntries(sent) },
    sent.length === 0,
  );
}

/**
 * Brings what earlier deploys kept to today's form, as a page starts: their pending entries given a
 * time (an update of no address: every entry written back as read), and their clear-text list of
 * delivered addresses hashed, then removed. Resolves once that list is moved.
 */
function bringForward(parts: Parts): Promise<void> {
  const { site } = parts;
  if (site.getItem(PENDING_KEY) !== null) update(parts, "", () => null);
  const clear = site.getItem(CLEAR_SENT_KEY) !== null && readJson(site, CLEAR_SENT_KEY);
  return (async () => {
    if (clear === false) return;
    for (const email of Array.isArray(clear) ? clear : []) {
      if (typeof email === "string") await keepDelivered(parts, email);
    }
    site.removeItem(CLEAR_SENT_KEY);
  })();
}

/** Whether `email` was delivered, by this page or any other; false where that cannot be told. */
async function wasSent(parts: Parts, moved: Promise<void>, email: string): Promise<boolean> {
  await moved;
  if (parts.sentHere.has(keyOf(email))) return true;
  return withHash(parts, email, false, (record, mark) => mark in record.sent).then(
    Boolean,
    () => false,
  );
}

/**
 * Records a delivered signup: its hash kept, its pending entry dropped (its address gone from
 * storage), this tab marked as signed up. Never rejects: a delivered signup stays delivered.
 */
async function rememberSent(parts: Parts, moved: Promise<void>, email: string): Promise<void> {
  await moved;
  await keepDelivered(parts, email);
  update(parts, email, () => null);
  parts.tab.setItem(TAB_SIGNUP_KEY, "1");
}

/** The memory over `site`, `tab`, `clock` and `hash` (`Parts`), through the steps above. */
export function createSignupMemory(stores: {
  site: KeyValueStore;
  tab: KeyValueStore;
  clock: Pick<Clock, "now">;
  hash: KeyedHash;
}) {
  const parts: Parts = { ...stores, sentHere: new Set() };
  const moved = bringForward(parts);
  return {
    expire: (): void => expire(parts),
    pending: (): PendingSignup[] => pending(parts),
    entry(email: string): PendingSignup | undefined {
      const found = kept(parts).find((entry) => keyOf(entry.email) === keyOf(email));
      return found && pendingOf(found);
    },
    /** The address a failed send left to re-offer in the field: the latest one. */
    failedEmail: (): string =>
      pending(parts)
        .filter((entry) => entry.state === "failed")
        .at(-1)?.email ?? "",
    /** A send of `email` begins: kept as being sent, as typed this time, for a week from now. */
    keepSending(email: string): void {
      update(parts, email, (entry) => ({
        ...entry,
        email,
        state: "sending",
        keptAt: dayOf(parts.clock.now()),
      }));
    },
    markInFlight(email: string, since: number): void {
      update(parts, email, (entry) => ({
        email,
        keptAt: dayOf(parts.clock.now()),
        ...entry,
        state: "sending",
        inFlightSince: since,
      }));
    },
    /** The request sent at `since` was answered, or given up on: no longer in flight. */
    markAnswered(email: string, since: number): void {
      update(parts, email, (entry) => {
        if (!entry) return null;
        return entry.inFlightSince === since ? { ...entry, inFlightSince: undefined } : entry;
      });
    },
    /** The one retry of a send that may have arrived is being used. */
    markRetried(email: string): void {
      update(parts, email, (entry) => (entry ? { ...entry, retried: true } : null));
    },
    markFailed(email: string): void {
      update(parts, email, (entry) =>
        entry ? { email: entry.email, state: "failed", keptAt: entry.keptAt } : null,
      );
    },
    /** The visitor cancelled: nothing more is tried for this address. */
    forget(email: string): void {
      update(parts, email, () => null);
    },
    wasSent: (email: string): Promise<boolean> => wasSent(parts, moved, email),
    /** Records a delivered signup (`rememberSent`). */
    rememberSent: (email: string): Promise<void> => rememberSent(parts, moved, email),
    signedUpInThisTab: (): boolean => parts.tab.getItem(TAB_SIGNUP_KEY) === "1",
  };
}
