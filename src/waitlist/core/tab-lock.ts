/**
 * One send per address across the tabs of one browser (docs/behaviour.md, "One address, many tabs"):
 * the Web Locks API where present and allowed, else a lease kept in site storage.
 */
import type { Clock } from "./clock";
import type { KeyValueStore } from "./key-value-store";
import { SITE_KEYS } from "./storage-keys";

/** Runs `task` while holding the lock `name`; stops waiting for it once `signal` aborts. */
export type TabLock = <T>(name: string, signal: AbortSignal, task: () => Promise<T>) => Promise<T>;

/**
 * A lease: who holds it, and how many times they have renewed it. No time: the tabs' clocks may
 * differ by a year (one set wrong, or jumped), so a waiting tab judges a lease by its own watch.
 */
type Lease = { holder: string; beat: number };

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
  return (name, signal, task) =>
    underWebLock(locks, name, { signal }, task, (error) => {
      if (signal.aborted) throw error;
      return fallback(name, signal, task);
    });
}

/**
 * `task` under the lock manager's lock `name`; where the manager refuses before the task ran,
 * `instead` is given its error. A failure of the task itself is the task's, passed on as it is.
 */
async function underWebLock<T>(
  locks: LockManager,
  name: string,
  options: LockOptions,
  task: () => Promise<T>,
  instead: (error: unknown) => Promise<T>,
): Promise<T> {
  let ran = false;
  try {
    return await locks.request(name, options, () => {
      ran = true;
      return task();
    });
  } catch (error) {
    if (ran) throw error;
    return instead(error);
  }
}

/**
 * The one lease of the fallback lock, whatever the lock's name: a name holds an address, and a tab
 * closed mid-send would leave it in storage. So where it is used, one send at a time runs in the
 * browser, of any address.
 */
export const LEASE_KEY = SITE_KEYS.lease;

/** Who holds the lease, if anyone (a lease an earlier deploy wrote, with a time, counts too). */
function leaseHolder(store: KeyValueStore, key: string): string | null {
  try {
    const lease = JSON.parse(store.getItem(key) ?? "null") as Partial<Lease> | null;
    return lease && typeof lease.holder === "string" ? lease.holder : null;
  } catch {
    return null;
  }
}

/**
 * Where `navigator.locks` is absent: a lease in shared storage. A tab writes its lease when none is
 * live, waits a moment, and holds the lock if its lease is still the one written (two tabs writing at
 * once: the later write wins, the other sees it and waits). Its holder renews it `LEASE_RENEWALS`
 * times per `leaseMs`; a lease left as it is for `leaseMs` of a waiting tab's own watch has ended
 * (its tab closed mid-send), whatever any clock says.
 */
export function storageLease(
  store: KeyValueStore,
  clock: Clock,
  leaseMs: number,
  holder: string,
): TabLock {
  return async (_name, signal, task) => {
    const key = LEASE_KEY;
    let beat = 0;
    const renew = () => store.setItem(key, JSON.stringify({ holder, beat: beat++ }));
    let seen: string | null = null;
    let unchangedMs = 0;
    for (;;) {
      signal.throwIfAborted();
      const lease = store.getItem(key);
      if (lease !== seen) unchangedMs = 0;
      seen = lease;
      if (leaseHolder(store, key) !== null && unchangedMs < leaseMs) {
        await clock.sleep(LEASE_POLL_MS, signal);
        unchangedMs += LEASE_POLL_MS;
        continue;
      }
      renew();
      await clock.sleep(LEASE_SETTLE_MS, signal);
      if (leaseHolder(store, key) === holder) break;
    }
    // Renewed while the task runs, so a long delivery keeps it and a closed tab's soon runs out.
    const holding = new AbortController();
    void (async () => {
      for (;;) {
        await clock.sleep(leaseMs / LEASE_RENEWALS, holding.signal);
        if (leaseHolder(store, key) !== holder) return;
        renew();
      }
    })().catch(() => {});
    try {
      return await task();
    } finally {
      holding.abort();
      if (leaseHolder(store, key) === holder) store.removeItem(key);
    }
  };
}

/** The lock every delivery holds, shared, from its submit to its end, in every tab. */
const SENDING_LOCK = "bulwark:waitlist:sending";

/** Runs `task` while each tab can see a delivery is under way (`unlessSending`). */
export type SendingMark = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * The sign that a delivery is under way: the shared lock where Web Locks work; else none (the
 * fallback's lease shows only the send itself). A failure of the task is the task's.
 */
export function sendingMark(locks: LockManager | undefined): SendingMark {
  return (task) =>
    locks ? underWebLock(locks, SENDING_LOCK, { mode: "shared" }, task, task) : task();
}

/**
 * Runs `tidy` unless a delivery is under way in any tab of this browser: at once, where Web Locks
 * work (it holds the deliveries' lock alone, so none starts meanwhile); else unless the fallback's
 * lease is held.
 */
export async function unlessSending(
  locks: LockManager | undefined,
  store: KeyValueStore,
  tidy: () => void,
): Promise<void> {
  if (leaseHolder(store, LEASE_KEY) !== null) return;
  if (!locks) return tidy();
  try {
    await locks.request(SENDING_LOCK, { ifAvailable: true }, async (lock) => {
      if (lock) tidy();
    });
  } catch {
    // Refused, as with site storage blocked: the memory is this page's own, so no tab shares it.
    tidy();
  }
}
