// @vitest-environment happy-dom
/**
 * The waitlist as the browser runs it: IndexedDB (fake-indexeddb), a Web Locks stub, EmailJS
 * mocked, the page's lifetime and storage as happy-dom has them.
 */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DAY_MS, dayOf } from "@/waitlist/core/signup-record";
import { createBrowserWaitlist, type SignupPart } from "./browser-signup";
import { DATABASE, indexedTable, RECORDS } from "./signup-table";

const { send } = vi.hoisted(() => ({
  send: vi.fn<(email: string, ticket?: unknown) => Promise<void>>(),
}));
vi.mock("./email-client", () => ({ createEmailClient: () => ({ send }) }));

const ADA = "ada@example.com";
const GRACE = "grace@example.com";
const PREFIX = "bulwark:waitlist:";

type Lock = { name: string; mode: "exclusive" };
type Options = { signal?: AbortSignal; ifAvailable?: boolean };
type Callback = (lock: Lock | null) => unknown;

/** Web Locks, as far as the waitlist uses them: exclusive per name, `signal`, `ifAvailable`, `query`. */
function lockStub() {
  const held: string[] = [];
  const pending: { name: string; grant: () => void }[] = [];
  const release = (name: string) => {
    held.splice(held.indexOf(name), 1);
    const at = pending.findIndex((entry) => entry.name === name);
    if (at < 0) return;
    const [entry] = pending.splice(at, 1);
    held.push(name);
    entry?.grant();
  };
  const lock = (name: string): Lock => ({ name, mode: "exclusive" });
  return {
    async request(name: string, ...rest: [Callback] | [Options, Callback]) {
      const callback = rest.pop() as Callback;
      const { signal, ifAvailable } = (rest[0] ?? {}) as Options;
      signal?.throwIfAborted();
      if (held.includes(name)) {
        if (ifAvailable) return callback(null);
        await new Promise<void>((grant, reject) => {
          const entry = { name, grant };
          pending.push(entry);
          signal?.addEventListener("abort", () => {
            const at = pending.indexOf(entry);
            if (at >= 0) pending.splice(at, 1);
            reject(signal.reason);
          });
        });
      } else held.push(name);
      try {
        return await callback(lock(name));
      } finally {
        release(name);
      }
    },
    query: async () => ({ held: held.map(lock), pending: pending.map(({ name }) => lock(name)) }),
  };
}

const setLocks = (value: unknown) =>
  Object.defineProperty(navigator, "locks", { configurable: true, value });

/** Every record in the store, as stored (the key entry left out), and the store's keys. */
async function rawStore(): Promise<{ keys: IDBValidKey[]; values: unknown[] }> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const opening = indexedDB.open(DATABASE);
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error);
  });
  try {
    const store = db.transaction(RECORDS).objectStore(RECORDS);
    const [keys, values] = await Promise.all(
      [store.getAllKeys(), store.getAll()].map(
        (request) =>
          new Promise<unknown[]>((resolve, reject) => {
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error);
          }),
      ),
    );
    const at = (keys ?? []).indexOf("key");
    return {
      keys: (keys ?? []) as IDBValidKey[],
      values: (values ?? []).filter((_, index) => index !== at),
    };
  } finally {
    db.close();
  }
}

/** Records written as an earlier page would have, through the table's own API. */
async function seed(records: [string, unknown][]) {
  const table = await indexedTable(indexedDB, crypto.subtle, true);
  for (const [email, record] of records) await table?.write(email, record);
}

const status = (code: number) => ({ status: code, text: `HTTP ${code}` });

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  setLocks(lockStub());
  send.mockReset();
  send.mockResolvedValue(undefined);
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
});

describe("a delivery", () => {
  it("sends once under the address's lock, keeps no address, then is already sent", async () => {
    const lockNames: string[] = [];
    send.mockImplementation(async () => {
      const { held = [] } = await navigator.locks.query();
      lockNames.push(...held.map((lock) => lock.name ?? ""));
    });
    const waitlist = createBrowserWaitlist();
    await expect(waitlist.deliver("Ada@Example.com", "form")).resolves.toEqual({ outcome: "sent" });
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith("Ada@Example.com", undefined);
    expect(lockNames).toEqual([`${PREFIX}${ADA}`]);
    const { keys, values } = await rawStore();
    expect(values).toEqual([{ state: "delivered", day: dayOf(Date.now()) }]);
    expect(JSON.stringify(keys)).not.toMatch(/ada/i);

    await expect(waitlist.deliver("ADA@EXAMPLE.COM", "form")).resolves.toEqual({
      outcome: "already-sent",
    });
    // Another page of the same browser knows it too.
    await expect(createBrowserWaitlist().deliver(ADA, "form")).resolves.toEqual({
      outcome: "already-sent",
    });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("refused (400) leaves a failed record, which pending() offers with its address", async () => {
    send.mockRejectedValue(status(400));
    const waitlist = createBrowserWaitlist();
    const ending = await waitlist.deliver(ADA, "form");
    expect(ending).toEqual({ outcome: "failed", error: status(400) });
    const failed = { state: "failed", email: ADA, day: dayOf(Date.now()) };
    await expect(waitlist.pending()).resolves.toEqual([failed]);
    await expect(createBrowserWaitlist().pending()).resolves.toEqual([failed]);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("cancel removes a pending record and keeps a delivered one", async () => {
    const waitlist = createBrowserWaitlist();
    send.mockRejectedValueOnce(status(400));
    await waitlist.deliver(ADA, "form");
    await waitlist.deliver(GRACE, "form");
    await waitlist.cancel(ADA);
    await waitlist.cancel(GRACE);
    await expect(waitlist.pending()).resolves.toEqual([]);
    expect((await rawStore()).values).toEqual([{ state: "delivered", day: dayOf(Date.now()) }]);
    await expect(waitlist.deliver(GRACE, "form")).resolves.toEqual({ outcome: "already-sent" });
    await expect(waitlist.deliver(ADA, "form")).resolves.toEqual({ outcome: "sent" });
    expect(send).toHaveBeenCalledTimes(3);
  });

  it("works in the page's memory where IndexedDB refuses", async () => {
    const open = vi.fn(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    globalThis.indexedDB = { open } as unknown as IDBFactory;
    send.mockRejectedValueOnce(status(400));
    const waitlist = createBrowserWaitlist();
    await expect(waitlist.deliver(ADA, "form")).resolves.toMatchObject({ outcome: "failed" });
    await expect(waitlist.pending()).resolves.toEqual([
      { state: "failed", email: ADA, day: dayOf(Date.now()) },
    ]);
    await expect(waitlist.deliver(ADA, "form")).resolves.toEqual({ outcome: "sent" });
    await expect(waitlist.deliver("ADA@example.com", "form")).resolves.toEqual({
      outcome: "already-sent",
    });
    expect(open).toHaveBeenCalled();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("works alone where the browser has no Web Locks", async () => {
    setLocks(null);
    const waitlist = createBrowserWaitlist();
    await expect(waitlist.deliver(ADA, "form")).resolves.toEqual({ outcome: "sent" });
    await expect(waitlist.deliver(ADA, "form")).resolves.toEqual({ outcome: "already-sent" });
    await waitlist.cancel(ADA);
    expect(send).toHaveBeenCalledTimes(1);
    expect(waitlist.signedUpHere()).toBe(true);
  });

  it("stops as the page is left while waiting between tries, its record kept", async () => {
    send.mockRejectedValue(status(429));
    const waitlist = createBrowserWaitlist();
    let crowded = () => {};
    const waited = new Promise<void>((resolve) => (crowded = resolve));
    const delivery = waitlist.deliver(ADA, "form", {
      onEvent: (event) => event.type === "waiting" && event.reason === "crowd" && crowded(),
    });
    await waited;
    window.dispatchEvent(new Event("pagehide"));
    await expect(delivery).resolves.toEqual({ outcome: "cancelled" });
    expect(send).toHaveBeenCalledTimes(1);
    const record = { state: "sending", email: ADA, day: dayOf(Date.now()) };
    expect((await rawStore()).values).toEqual([{ ...record, inFlight: false, retried: false }]);
    await expect(waitlist.pending()).resolves.toMatchObject([record]);
    // Still left: nothing more is tried. Restored from the back-forward cache: it starts afresh.
    await expect(waitlist.deliver(ADA, "resumed")).resolves.toEqual({ outcome: "cancelled" });
    expect(send).toHaveBeenCalledTimes(1);
    const restored = new Event("pageshow");
    Object.defineProperty(restored, "persisted", { value: true });
    window.dispatchEvent(restored);
    send.mockResolvedValue(undefined);
    await expect(waitlist.deliver(ADA, "resumed")).resolves.toEqual({ outcome: "sent" });
    expect(send).toHaveBeenCalledTimes(2);
  });
});

describe("expiry at first use", () => {
  const NOW = Date.UTC(2030, 5, 15, 12);
  const pending = (email: string, day: number) => ({
    state: "sending",
    email,
    day,
    inFlight: false,
    retried: false,
  });

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });

  it("removes what is past its keeping and takes a future day as today", async () => {
    const future = pending("future@example.com", dayOf(NOW) + 3 * DAY_MS);
    const kept = { state: "delivered", day: dayOf(NOW) - 29 * DAY_MS };
    await seed([
      [ADA, pending(ADA, dayOf(NOW) - 8 * DAY_MS)],
      [GRACE, { state: "delivered", day: dayOf(NOW) - 31 * DAY_MS }],
      ["future@example.com", future],
      ["kept@example.com", kept],
      ["junk@example.com", { state: "sending", email: "not an address", day: 1 }],
    ]);
    const waitlist = createBrowserWaitlist();
    await expect(waitlist.pending()).resolves.toEqual([{ ...future, day: dayOf(NOW) }]);
    const { values } = await rawStore();
    expect(values).toHaveLength(2);
    expect(values).toEqual(expect.arrayContaining([{ ...future, day: dayOf(NOW) }, kept]));
    // The expired address is sent afresh.
    await expect(waitlist.deliver(GRACE, "form")).resolves.toEqual({ outcome: "sent" });
  });

  it("runs first when the page's first use is a delivery, before it holds a lock of its own", async () => {
    await seed([
      [ADA, pending(ADA, dayOf(NOW) - 8 * DAY_MS)],
      [GRACE, { state: "delivered", day: dayOf(NOW) - 31 * DAY_MS }],
    ]);
    await expect(createBrowserWaitlist().deliver(GRACE, "form")).resolves.toEqual({
      outcome: "sent",
    });
    expect((await rawStore()).values).toEqual([{ state: "delivered", day: dayOf(NOW) }]);
  });

  it("drops the key with the last record", async () => {
    await seed([[ADA, pending(ADA, dayOf(NOW) - 8 * DAY_MS)]]);
    expect((await rawStore()).keys).toHaveLength(2);
    await expect(createBrowserWaitlist().pending()).resolves.toEqual([]);
    expect((await rawStore()).keys).toEqual([]);
  });

  it("waits while a delivery holds an address's lock in any tab", async () => {
    const old = pending(ADA, dayOf(NOW) - 8 * DAY_MS);
    await seed([[ADA, old]]);
    let release = () => {};
    const holding = navigator.locks.request(
      `${PREFIX}${GRACE}`,
      () => new Promise<void>((resolve) => (release = resolve)),
    );
    // pending() itself filters by keeping: the stored record shows the expiry was skipped.
    await expect(createBrowserWaitlist().pending()).resolves.toEqual([]);
    expect((await rawStore()).values).toEqual([old]);
    release();
    await holding;
    await createBrowserWaitlist().pending();
    expect((await rawStore()).values).toEqual([]);
  });
});

describe("first use", () => {
  it("pending() on a fresh origin makes no database", async () => {
    await expect(createBrowserWaitlist().pending()).resolves.toEqual([]);
    await expect(indexedDB.databases()).resolves.toEqual([]);
  });

  it("sweeps the bulwark: keys from Web Storage and keeps the others", async () => {
    localStorage.setItem("bulwark:waitlist:ada", "x");
    localStorage.setItem("bulwark:signups", "y");
    localStorage.setItem("theme", "dark");
    sessionStorage.setItem("bulwark:pending", "z");
    sessionStorage.setItem("other:bulwark:", "w");
    await createBrowserWaitlist().pending();
    expect(Object.keys(localStorage)).toEqual(["theme"]);
    expect(Object.keys(sessionStorage)).toEqual(["other:bulwark:"]);
  });
});

describe("the parts", () => {
  it("fieldReady, settled and observe reach every part; the first ticket goes with a send", async () => {
    const ears = [vi.fn(), vi.fn()];
    const parts: SignupPart[] = [0, 1].map((at) => ({
      ticket: vi.fn(async () => ({ token: `ticket ${at}` })),
      observe: vi.fn(() => ears[at] ?? vi.fn()),
      onField: vi.fn(),
      onSettled: vi.fn(),
    }));
    const waitlist = createBrowserWaitlist([...parts, {}]);
    const field = document.createElement("input");
    waitlist.fieldReady(field);
    waitlist.settled();
    await waitlist.deliver(ADA, "before-app");
    for (const [at, part] of parts.entries()) {
      expect(part.onField).toHaveBeenCalledWith(field);
      expect(part.onSettled).toHaveBeenCalledTimes(1);
      expect(part.observe).toHaveBeenCalledWith("before-app");
      expect(ears[at]).toHaveBeenCalledWith(
        expect.objectContaining({ type: "ended", outcome: "sent", start: "before-app" }),
      );
    }
    expect(parts[0]?.ticket).toHaveBeenCalledTimes(1);
    expect(parts[1]?.ticket).not.toHaveBeenCalled();
    expect(send).toHaveBeenCalledWith(ADA, { token: "ticket 0" });
  });

  it("signedUpHere is false until a delivery of this page ends sent", async () => {
    await seed([[GRACE, { state: "delivered", day: dayOf(Date.now()) }]]);
    const waitlist = createBrowserWaitlist();
    expect(waitlist.signedUpHere()).toBe(false);
    send.mockRejectedValueOnce(status(400));
    await waitlist.deliver(ADA, "form");
    await waitlist.deliver(GRACE, "form");
    expect(waitlist.signedUpHere()).toBe(false);
    await waitlist.deliver(ADA, "form");
    expect(waitlist.signedUpHere()).toBe(true);
  });
});
