/**
 * One send per address across the tabs of one browser (docs/behaviour.md, "One address, many tabs"):
 * the Web Locks API where present and allowed, else a lease kept in site storage.
 */
import type { Clock } from "./clock";
import type { KeyValueStore } from "./key-value-store";

/** Runs `task` while holding the lock `name`; stops waiting for it once `signal` aborts. */
export type TabLock = <T>(name: string, signal: AbortSignal, task: () => Promise<T>) => Promise<T>;

type Lease = { holder: string; until: number };

/** How often a waiting tab looks at the lease, and how long a new holder waits to see it stick. */
const LEASE_POLL_MS = 100;
const LEASE_SETTLE_MS = 50;
/** A held lease is renewed this many times per lease length. */
const LEASE_RENEWALS = 3;

/**
 * The Web Locks API; where it refuses (with site storage blocked it throws a SecurityError), the
 * fallback lock instead. A failure of the task itself is the task's, not a reason to fall back.
 */
export function webLocks(locks: LockManager, fallback: TabLock): TabLock {
  return async (name, signal, task) => {
    let ran = false;
    try {
      return await locks.request(name, { signal }, () => {
        ran = true;
        return task();
      });
    } catch (error) {
      if (ran || signal.aborted) throw error;
      return fallback(name, signal, task);
    }
  };
}

/**
 * The one lease of the fallback lock, whatever the lock's name: a name holds an address, and a tab
 * closed mid-send would leave it in storage. So where it is used, one send at a time runs in the
 * browser, of any address.
 */
export const LEASE_KEY = "bulwark:waitlist:lease";

function readLease(store: KeyValueStore, key: string): Lease | null {
  try {
    const lease = JSON.parse(store.getItem(key) ?? "null") as Lease | null;
    return lease && typeof lease.holder === "string" && typeof lease.until === "number"
      ? lease
      : null;
  } catch {
    return null;
  }
}

/**
 * Where `navigator.locks` is absent: a lease in shared storage. A tab writes its lease when none is
 * live, waits a moment, and holds the lock if its lease is still the one written (two tabs writing at
 * once: the later write wins, the other sees it and waits). A lease ends `leaseMs` after its holder last renewed it, so a tab
 * closed mid-send never blocks the others for long.
 */
export function storageLease(
  store: KeyValueStore,
  clock: Clock,
  leaseMs: number,
  holder: string,
): TabLock {
  return async (_name, signal, task) => {
    const key = LEASE_KEY;
    for (;;) {
      signal.throwIfAborted();
      const lease = readLease(store, key);
      if (lease && lease.until > clock.now()) {
        await clock.sleep(LEASE_POLL_MS, signal);
        continue;
      }
      store.setItem(key, JSON.stringify({ holder, until: clock.now() + leaseMs }));
      await clock.sleep(LEASE_SETTLE_MS, signal);
      if (readLease(store, key)?.holder === holder) break;
    }
    // Renewed while the task runs, so a long delivery keeps it and a closed tab's soon runs out.
    const holding = new AbortController();
    void (async () => {
      for (;;) {
        await clock.sleep(leaseMs / LEASE_RENEWALS, holding.signal);
        if (readLease(store, key)?.holder !== holder) return;
        store.setItem(key, JSON.stringify({ holder, until: clock.now() + leaseMs }));
      }
    })().catch(() => {});
    try {
      return await task();
    } finally {
      holding.abort();
      if (readLease(store, key)?.holder === holder) store.removeItem(key);
    }
  };
}
