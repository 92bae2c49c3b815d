/**
 * The waitlist as the browser runs it: the delivery loop (src/waitlist/core/delivery.ts) given,
 * once, the records in IndexedDB (or the page's memory where site data is blocked), a Web Lock per
 * address, EmailJS, the real clock, the network's state, the page's lifetime and the optional parts
 * (the bot check's ticket, the field signals' ears), which enter here and nowhere else.
 */
import { emailConfig } from "@/lib/config";
import { systemClock } from "@/waitlist/core/clock";
import { createDelivery } from "@/waitlist/core/delivery";
import type { DeliveryDeps, Network, Records } from "@/waitlist/core/delivery-deps";
import { isValidEmail } from "@/waitlist/core/email-validation";
import { kept, next, type PendingRecord, recordOf } from "@/waitlist/core/signup-record";
import { sweepOurKeys } from "./browser-storage";
import { createEmailClient } from "./email-client";
import { indexedTable, memoryTable, type SignupTable } from "./signup-table";

/**
 * What an optional part (the bot check, the field signals) adds, handed in at start-up: a ticket
 * for each request, ears for every delivery's events, what the form's field starts on intent and
 * what it owes once the form shows how a signup ended.
 */
export type SignupPart = {
  ticket?: DeliveryDeps["ticket"];
  observe?: DeliveryDeps["observe"];
  onField?(field: HTMLInputElement): void;
  onSettled?(): void;
};

/**
 * Every address's lock is named this, then the address in lower case: a lock's name lives in the
 * browser's memory only, and goes with the lock.
 */
const LOCK_PREFIX = "bulwark:waitlist:";

/**
 * `task` holding the Web Lock of `email`'s address across the browser's tabs; stops waiting once
 * `signal` aborts. Where the browser has no Web Locks or refuses them (site data blocked), the tab
 * works alone.
 */
async function underLock<T>(
  email: string,
  signal: AbortSignal,
  task: () => Promise<T>,
): Promise<T> {
  let ran = false;
  try {
    return await navigator.locks.request(LOCK_PREFIX + email.toLowerCase(), { signal }, () => {
      ran = true;
      return task();
    });
  } catch (error) {
    if (ran || signal.aborted) throw error;
    return task();
  }
}

const browserNetwork: Network = {
  isOnline: () => navigator.onLine,
  whenOnline: (signal) =>
    new Promise((resolve, reject) => {
      if (navigator.onLine) return resolve();
      if (signal.aborted) return reject(signal.reason);
      const stop = () => {
        window.removeEventListener("online", done);
        reject(signal.reason);
      };
      const done = () => {
        signal.removeEventListener("abort", stop);
        resolve();
      };
      window.addEventListener("online", done, { once: true });
      signal.addEventListener("abort", stop, { once: true });
    }),
};

/**
 * The page being left (also into the back-forward cache): its deliveries stop and let go of their
 * locks, their records kept for the next page; a page restored from the cache starts afresh.
 */
function pageLifetime(): () => AbortSignal {
  let leaving: AbortController | undefined;
  return () => {
    if (!leaving) {
      window.addEventListener("pagehide", () => leaving?.abort());
      window.addEventListener("pageshow", (event) => {
        if (event.persisted) leaving = new AbortController();
      });
      leaving = new AbortController();
    }
    return leaving.signal;
  };
}

/**
 * Whether a delivery holds or waits for an address's lock in any tab of this browser: its record
 * may then have been written by a clock that differs from this page's.
 */
async function deliveriesUnderWay(): Promise<boolean> {
  try {
    const { held = [], pending = [] } = await navigator.locks.query();
    return [...held, ...pending].some((lock) => lock.name?.startsWith(LOCK_PREFIX));
  } catch {
    return false;
  }
}

/**
 * As the page first uses its records, unless a delivery is under way in any tab (its record may
 * have been written by a clock that differs from this page's): what is past its keeping goes, a
 * time ahead of the clock is taken as today, and the key goes with the last record.
 */
async function expire(table: SignupTable, now: number): Promise<void> {
  if (await deliveriesUnderWay()) return;
  for (const [id, value] of await table.entries()) {
    const record = recordOf(value, isValidEmail);
    const left = record && kept(record, now);
    if (!record || left !== record) await table.replace(id, left);
  }
  await table.dropKeyIfAlone();
}

/**
 * The records, opened on first use, what is past its keeping removed then: IndexedDB, else the
 * page's memory. `forWriting` makes the database if need be; `forReading` makes none, so a page
 * that only looks for a pending signup leaves nothing behind.
 */
function openRecords() {
  let opened: Promise<SignupTable> | undefined;
  async function open(create: boolean): Promise<SignupTable | null> {
    sweepOurKeys(globalThis);
    const table = await indexedTable(indexedDB, crypto.subtle, create).catch(memoryTable);
    if (table) await expire(table, Date.now()).catch(() => undefined);
    return table;
  }
  const forWriting = () => (opened ??= open(true) as Promise<SignupTable>);
  return {
    forWriting,
    async forReading(): Promise<SignupTable | null> {
      const found = opened ? undefined : await open(false);
      if (found) opened ??= Promise.resolve(found);
      return opened ?? null;
    },
  };
}

/**
 * The page's waitlist, made once at start-up (src/entry-client.tsx) with the optional `parts`;
 * nothing of the browser is touched before its first use.
 */
export function createBrowserWaitlist(parts: SignupPart[] = []) {
  const tables = openRecords();
  const table = tables.forWriting;
  const records: Records = {
    read: async (email) => recordOf(await (await table()).read(email), isValidEmail),
    write: async (email, record) => (await table()).write(email, record),
  };
  const each = <K extends keyof SignupPart>(name: K) =>
    parts.flatMap((part) => part[name] ?? []) as NonNullable<SignupPart[K]>[];
  let signedUp = false;
  const deliver = createDelivery({
    records,
    // The records opened (what is past its keeping gone) before this page holds a lock of its own.
    lock: async (email, signal, task) => {
      await table();
      return underLock(email, signal, task);
    },
    ticket: each("ticket")[0],
    send: createEmailClient().send,
    clock: systemClock,
    random: Math.random,
    network: browserNetwork,
    timeoutMs: emailConfig.timeoutMs,
    budgetMs: emailConfig.retryBudgetMs,
    leaving: pageLifetime(),
    observe(start) {
      const ears = each("observe").map((observe) => observe(start));
      return (event) => {
        if (event.type === "ended" && event.outcome === "sent") signedUp = true;
        for (const ear of ears) ear(event);
      };
    },
  });
  return {
    /** Delivers `email` (valid), started as `start`: the one verb of a signup. */
    deliver,
    /** The visitor stops `email` for good: its record goes (a delivered one stays). */
    cancel: async (email: string): Promise<void> => {
      await table();
      return underLock(email, new AbortController().signal, async () =>
        records.write(email, next(await records.read(email), { type: "cancel" }).record),
      );
    },
    /** The signups this browser has not delivered yet, within their keeping. */
    async pending(): Promise<PendingRecord[]> {
      const now = Date.now();
      const opened = await tables.forReading().catch(() => null);
      const entries = opened ? await opened.entries().catch(() => []) : [];
      return entries.flatMap(([, value]) => {
        const record = recordOf(value, isValidEmail);
        const left = record && kept(record, now);
        return left && left.state !== "delivered" ? [left] : [];
      });
    },
    /** Whether this page delivered a signup: the conversion event's arrival (conversion.ts). */
    signedUpHere: (): boolean => signedUp,
    /** The form's field is live: what the parts start on the visitor's intent. */
    fieldReady(field: HTMLInputElement): void {
      for (const onField of each("onField")) onField(field);
    },
    /** The form shows how a signup ended: what the parts owe then (focus back from the check). */
    settled(): void {
      for (const onSettled of each("onSettled")) onSettled();
    },
  };
}

export type BrowserWaitlist = ReturnType<typeof createBrowserWaitlist>;
