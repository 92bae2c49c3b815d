/**
 * The delivery loop (src/waitlist/core/delivery.ts) wired to the browser, once: records, a Web Lock
 * per address, EmailJS, the clock, the network, the page's lifetime, and the optional parts.
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

/** What an optional part adds: a ticket per request, ears for each delivery, the form's hooks. */
export type SignupPart = {
  ticket?: DeliveryDeps["ticket"];
  observe?: DeliveryDeps["observe"];
  onField?(field: HTMLInputElement): void;
  onSettled?(): void;
};

/** Each address's Web Lock is named this, then the address in lower case. */
const LOCK_PREFIX = "bulwark:waitlist:";

/** `task` holding `email`'s Web Lock; with Web Locks missing or refused, the tab works alone. */
async function underLock<T>(email: string, signal: AbortSignal, task: () => Promise<T>) {
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

/** Aborts as the page is left (the back-forward cache too); a restored page starts afresh. */
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

async function deliveriesUnderWay(): Promise<boolean> {
  try {
    const { held = [], pending = [] } = await navigator.locks.query();
    return [...held, ...pending].some((lock) => lock.name?.startsWith(LOCK_PREFIX));
  } catch {
    return false;
  }
}

/** Ends what is past its keeping unless a delivery is under way ("What the browser keeps"). */
async function expire(table: SignupTable, now: number): Promise<void> {
  if (await deliveriesUnderWay()) return;
  for (const [id, value] of await table.entries()) {
    const record = recordOf(value, isValidEmail);
    const left = record && kept(record, now);
    if (!record || left !== record) await table.replace(id, left);
  }
  await table.dropKeyIfAlone();
}

/** The records (IndexedDB, else memory), expired at first open; `forReading` makes no database. */
function openRecords() {
  let opened: Promise<SignupTable> | undefined;
  async function open(create: boolean): Promise<SignupTable | null> {
    sweepOurKeys(globalThis);
    const table = await indexedTable(indexedDB, crypto.subtle, create).catch(memoryTable);
    if (table) await expire(table, Date.now()).catch(() => undefined);
    return table;
  }
  return {
    forWriting: () => (opened ??= open(true) as Promise<SignupTable>),
    async forReading(): Promise<SignupTable | null> {
      const found = opened ? undefined : await open(false);
      if (found) opened ??= Promise.resolve(found);
      return opened ?? null;
    },
  };
}

/** The page's waitlist, made once at start-up with the optional `parts`; lazy in the browser. */
export function createBrowserWaitlist(parts: SignupPart[] = []) {
  const { forWriting: table, forReading } = openRecords();
  const records: Records = {
    read: async (email) => recordOf(await (await table()).read(email), isValidEmail),
    write: async (email, record) => (await table()).write(email, record),
  };
  // The records opened (what is past its keeping gone) before this page holds a lock of its own.
  const lock: DeliveryDeps["lock"] = async (email, signal, task) => {
    await table();
    return underLock(email, signal, task);
  };
  const each = <K extends keyof SignupPart>(name: K) =>
    parts.flatMap((part) => part[name] ?? []) as NonNullable<SignupPart[K]>[];
  let signedUp = false;
  const deliver = createDelivery({
    records,
    lock,
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
    deliver,
    /** The visitor stops `email` for good: its record goes (a delivered one stays). */
    cancel: (email: string): Promise<void> =>
      lock(email, new AbortController().signal, async () =>
        records.write(email, next(await records.read(email), { type: "cancel" }).record),
      ),
    /** The signups this browser has not delivered yet, within their keeping. */
    async pending(): Promise<PendingRecord[]> {
      const now = Date.now();
      const opened = await forReading().catch(() => null);
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
