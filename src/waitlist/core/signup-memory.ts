/**
 * What this browser remembers about waitlist signups (docs/behaviour.md, "No lost signups"): the
 * signups not yet delivered, by address (being sent, or failed and kept to re-offer); the addresses
 * already sent, so the same one is never emailed twice; and whether this tab signed up, for the
 * conversion event. Every change touches one address only: an arrival never wipes another's entry.
 * What it reads back is taken on no one's word (another page, an extension or a person can write
 * site storage): an entry whose address the email rule refuses, as it would refuse it typed, or whose
 * shape is wrong, is dropped, so it is never sent nor shown.
 */
import { isValidEmail, normalizeEmail } from "./email-validation";
import type { KeyValueStore } from "./key-value-store";

const PENDING_KEY = "bulwark:waitlist:pending";
const SENT_KEY = "bulwark:waitlist:sent";
const TAB_SIGNUP_KEY = "bulwark:waitlist:signed-up";

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

export type SignupMemory = ReturnType<typeof createSignupMemory>;

/** One address in any letter case: how signups are kept, compared and locked. */
export const keyOf = (email: string) => email.toLowerCase();

/**
 * A stored entry as it may be used: its address valid by the rule a typed one meets, and sent as a
 * typed one is (normalizeEmail); its fields of the right kinds. Anything else is no entry.
 */
function pendingSignupOf(value: unknown): PendingSignup | undefined {
  if (!value || typeof value !== "object") return undefined;
  const { email, state, inFlightSince, retried } = value as Record<string, unknown>;
  if (typeof email !== "string" || !isValidEmail(email)) return undefined;
  if (state !== "sending" && state !== "failed") return undefined;
  if (inFlightSince !== undefined && !Number.isFinite(inFlightSince)) return undefined;
  if (retried !== undefined && typeof retried !== "boolean") return undefined;
  return {
    email: normalizeEmail(email),
    state,
    ...(inFlightSince === undefined ? {} : { inFlightSince: inFlightSince as number }),
    ...(retried === undefined ? {} : { retried }),
  };
}

/** `site` outlives the tab (localStorage); `tab` lives as long as the tab (sessionStorage). */
export function createSignupMemory({ site, tab }: { site: KeyValueStore; tab: KeyValueStore }) {
  function readJson(key: string): unknown {
    const raw = site.getItem(key);
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw);
    } catch {
      // An address kept by an earlier version of the site, as plain text: a failed send.
      return raw.includes("@") ? [{ email: raw, state: "failed" }] : undefined;
    }
  }

  function sentEmails(): string[] {
    const parsed = readJson(SENT_KEY);
    return Array.isArray(parsed) ? parsed.filter((item) => typeof item === "string") : [];
  }

  function pending(): PendingSignup[] {
    const parsed = readJson(PENDING_KEY);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((item) => pendingSignupOf(item) ?? []);
  }

  /** Rewrites one address's entry (or drops it, given null); the others stay as they are. */
  function update(
    email: string,
    change: (entry: PendingSignup | undefined) => PendingSignup | null,
  ) {
    const key = keyOf(email);
    const entries = pending();
    const index = entries.findIndex((entry) => keyOf(entry.email) === key);
    const next = change(entries[index]);
    const rest = entries.filter((_, at) => at !== index);
    const all = next ? [...rest, next] : rest;
    if (all.length === 0) site.removeItem(PENDING_KEY);
    else site.setItem(PENDING_KEY, JSON.stringify(all));
  }

  return {
    pending,
    entry: (email: string): PendingSignup | undefined =>
      pending().find((entry) => keyOf(entry.email) === keyOf(email)),
    /** The address a failed send left to re-offer in the field: the latest one. */
    failedEmail: (): string =>
      pending()
        .filter((entry) => entry.state === "failed")
        .at(-1)?.email ?? "",
    /** A send of `email` begins: kept as being sent, as typed this time. */
    keepSending(email: string): void {
      update(email, (entry) => ({ ...entry, email, state: "sending" }));
    },
    markInFlight(email: string, since: number): void {
      update(email, (entry) => ({ email, ...entry, state: "sending", inFlightSince: since }));
    },
    /** The request sent at `since` was answered, or given up on: no longer in flight. */
    markAnswered(email: string, since: number): void {
      update(email, (entry) => {
        if (!entry) return null;
        return entry.inFlightSince === since ? { ...entry, inFlightSince: undefined } : entry;
      });
    },
    /** The one retry of a send that may have arrived is being used. */
    markRetried(email: string): void {
      update(email, (entry) => (entry ? { ...entry, retried: true } : null));
    },
    markFailed(email: string): void {
      update(email, (entry) => (entry ? { email: entry.email, state: "failed" } : null));
    },
    /** The visitor cancelled: nothing more is tried for this address. */
    forget(email: string): void {
      update(email, () => null);
    },
    wasSent: (email: string): boolean => sentEmails().includes(keyOf(email)),
    /** Records a delivered signup: drops its entry and marks this tab as signed up. */
    rememberSent(email: string): void {
      const sent = new Set(sentEmails());
      sent.add(keyOf(email));
      site.setItem(SENT_KEY, JSON.stringify([...sent]));
      update(email, () => null);
      tab.setItem(TAB_SIGNUP_KEY, "1");
    },
    signedUpInThisTab: (): boolean => tab.getItem(TAB_SIGNUP_KEY) === "1",
  };
}
