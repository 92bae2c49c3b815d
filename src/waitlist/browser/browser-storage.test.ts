import { describe, expect, it, vi } from "vitest";
import { memoryStore } from "@/waitlist/core/key-value-store";
import { MIGRATED_KEYS, RETIRED_KEYS, SITE_KEYS, TAB_KEYS } from "@/waitlist/core/storage-keys";
import {
  channelStore,
  MAX_SHARED_ITEMS,
  MAX_SHARED_MESSAGE_CHARS,
  safeStore,
  shieldStorage,
  sweepRetiredKeys,
} from "./browser-storage";

/** A window whose storage throws on every access, as with cookies blocked. */
function blockedScope(extra: object = {}): typeof globalThis {
  const scope = { ...extra };
  for (const area of ["localStorage", "sessionStorage"]) {
    Object.defineProperty(scope, area, {
      configurable: true,
      get() {
        throw new DOMException("Access is denied for this document.", "SecurityError");
      },
    });
  }
  return scope as typeof globalThis;
}

/** A storage that reads but refuses every write, as when it is full. */
function fullStorage(items: Record<string, string> = {}): Storage {
  return {
    getItem: (key: string) => items[key] ?? null,
    setItem: () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    },
    removeItem: (key: string) => {
      delete items[key];
    },
  } as unknown as Storage;
}

describe("safeStore", () => {
  it("uses the real storage where it works", () => {
    const real = memoryStore();
    const scope = { localStorage: real } as unknown as typeof globalThis;
    const store = safeStore(scope, "localStorage");
    store.setItem("key", "value");
    expect(real.getItem("key")).toBe("value");
    real.setItem("other", "from another tab");
    expect(store.getItem("other")).toBe("from another tab");
    store.removeItem("key");
    expect(real.getItem("key")).toBeNull();
  });

  it("shares blocked site storage's stand-in with the site's other open pages", async () => {
    const scopes = [blockedScope({ BroadcastChannel }), blockedScope({ BroadcastChannel })];
    const [first, second] = scopes.map((scope) => safeStore(scope, "localStorage"));
    expect(safeStore(scopes[0] as typeof globalThis, "localStorage")).toBe(first);
    first?.setItem("lease", "tab-a");
    await delivered();
    expect(second?.getItem("lease")).toBe("tab-a");
    second?.removeItem("lease");
    await delivered();
    expect(first?.getItem("lease")).toBeNull();
  });

  it("keeps values in the tab's memory where reading storage throws", () => {
    const store = safeStore(blockedScope(), "sessionStorage");
    expect(store.getItem("key")).toBeNull();
    store.setItem("key", "value");
    expect(store.getItem("key")).toBe("value");
    store.removeItem("key");
    expect(store.getItem("key")).toBeNull();
  });

  it("keeps values in memory where storage refuses writes, and still reads what it holds", () => {
    const scope = {
      localStorage: fullStorage({ old: "kept" }),
    } as unknown as typeof globalThis;
    const store = safeStore(scope, "localStorage");
    expect(store.getItem("old")).toBe("kept");
    store.setItem("new", "value");
    expect(store.getItem("new")).toBe("value");
    store.removeItem("old");
    expect(store.getItem("old")).toBeNull();
  });

  it("shares a write that site storage refuses with the site's other open pages", async () => {
    const items = { old: "kept", pending: "stale" };
    const scopes = [fullStorage(items), fullStorage(items)].map(
      (localStorage) => ({ localStorage, BroadcastChannel }) as unknown as typeof globalThis,
    );
    const [first, second] = scopes.map((scope) => safeStore(scope, "localStorage"));
    await delivered();
    first?.setItem("pending", "fresh");
    // The refused write's older value is dropped, so it cannot come back once the pages close.
    expect(items).toEqual({ old: "kept" });
    await delivered();
    expect(second?.getItem("pending")).toBe("fresh");
    expect(second?.getItem("old")).toBe("kept");
    second?.removeItem("pending");
    await delivered();
    expect(first?.getItem("pending")).toBeNull();
  });

  it("lets a write that works again replace the shared copy", async () => {
    let full = true;
    const real = memoryStore();
    const storage = {
      getItem: (key: string) => real.getItem(key),
      setItem: (key: string, value: string) => {
        if (full) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
        real.setItem(key, value);
      },
      removeItem: (key: string) => real.removeItem(key),
    };
    const scopes = [storage, storage].map(
      (localStorage) => ({ localStorage, BroadcastChannel }) as unknown as typeof globalThis,
    );
    const [first, second] = scopes.map((scope) => safeStore(scope, "localStorage"));
    first?.setItem("key", "shared");
    await delivered();
    full = false;
    first?.setItem("key", "stored");
    expect(real.getItem("key")).toBe("stored");
    await delivered();
    expect(second?.getItem("key")).toBe("stored");
  });

  it("tells a listener when another page changes the browser's storage, until stopped", () => {
    const scope = Object.assign(new EventTarget(), { localStorage: memoryStore() });
    const store = safeStore(scope as unknown as typeof globalThis, "localStorage");
    const listener = vi.fn();
    const stop = store.onOutsideChange(listener);
    store.setItem("key", "from this page");
    expect(listener).not.toHaveBeenCalled();
    scope.dispatchEvent(new Event("storage"));
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    scope.dispatchEvent(new Event("storage"));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("tells a listener when another page changes the memory the pages share, until stopped", async () => {
    const scopes = [fullStorage(), fullStorage()].map(
      (localStorage) => ({ localStorage, BroadcastChannel }) as unknown as typeof globalThis,
    );
    const [first, second] = scopes.map((scope) => safeStore(scope, "localStorage"));
    const listener = vi.fn();
    const stop = first?.onOutsideChange(listener);
    second?.setItem("sent", "ada@example.com");
    await delivered();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(first?.getItem("sent")).toBe("ada@example.com");
    stop?.();
    second?.removeItem("sent");
    await delivered();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("uses shieldStorage's stand-in as it is", () => {
    const scope = blockedScope();
    shieldStorage(scope);
    expect(safeStore(scope, "sessionStorage")).toBe(scope.sessionStorage);
  });

  it("never throws when storage starts failing after the first look", () => {
    let broken = false;
    const real = memoryStore();
    const flaky = {
      getItem: (key: string) => {
        if (broken) throw new Error("gone");
        return real.getItem(key);
      },
      setItem: (key: string, value: string) => {
        if (broken) throw new Error("gone");
        real.setItem(key, value);
      },
      removeItem: (key: string) => {
        if (broken) throw new Error("gone");
        real.removeItem(key);
      },
    };
    const store = safeStore(
      { localStorage: flaky } as unknown as typeof globalThis,
      "localStorage",
    );
    broken = true;
    expect(store.getItem("key")).toBeNull();
    store.setItem("key", "value");
    expect(store.getItem("key")).toBe("value");
    expect(() => store.removeItem("key")).not.toThrow();
    expect(store.getItem("key")).toBeNull();
  });
});

/** Lets the channel's messages arrive. */
const delivered = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("channelStore", () => {
  it("shares values between the pages on one channel, and a new page gets what is there", async () => {
    const name = `test-${Math.random()}`;
    const pages = [new BroadcastChannel(name), new BroadcastChannel(name)];
    const [first, second] = pages.map(channelStore);
    first?.setItem("sent", "ada@example.com");
    await delivered();
    expect(second?.getItem("sent")).toBe("ada@example.com");
    second?.removeItem("sent");
    second?.setItem("pending", "bob@example.com");
    await delivered();
    expect(first?.getItem("sent")).toBeNull();
    const latecomer = new BroadcastChannel(name);
    const third = channelStore(latecomer);
    expect(third.getItem("pending")).toBeNull();
    await delivered();
    expect(third.getItem("pending")).toBe("bob@example.com");
    for (const channel of [...pages, latecomer]) channel.close();
  });

  it("tells its listeners what other pages change, not its own writes nor a new page's arrival", async () => {
    const name = `test-${Math.random()}`;
    const pages = [new BroadcastChannel(name), new BroadcastChannel(name)];
    const [first, second] = pages.map(channelStore);
    const listener = vi.fn();
    first?.onOutsideChange(listener);
    first?.setItem("pending", "ada@example.com");
    await delivered();
    expect(listener).not.toHaveBeenCalled();
    second?.setItem("sent", "ada@example.com");
    second?.removeItem("pending");
    await delivered();
    expect(listener).toHaveBeenCalledTimes(2);
    // A new page asks what there is: the pages answer, and nothing changed for them.
    const latecomer = new BroadcastChannel(name);
    const third = channelStore(latecomer);
    await delivered();
    expect(third.getItem("sent")).toBe("ada@example.com");
    expect(listener).toHaveBeenCalledTimes(2);
    // A page of another deploy may say what this one does not know: it is let be.
    pages[1]?.postMessage({ type: "clear" });
    await delivered();
    expect(first?.getItem("sent")).toBe("ada@example.com");
    expect(listener).toHaveBeenCalledTimes(2);
    for (const channel of [...pages, latecomer]) channel.close();
  });
});

describe("channelStore takes no message on its word", () => {
  const big = "x".repeat(MAX_SHARED_MESSAGE_CHARS);

  it.each([
    ["nothing", null],
    ["a text", "set"],
    ["a list", ["set", "pending", "x"]],
    ["a set without a value", { type: "set", key: "pending" }],
    ["a set of a number", { type: "set", key: "pending", value: 42 }],
    ["a set whose key is an object", { type: "set", key: ["pending"], value: "x" }],
    ["a set over the size", { type: "set", key: "pending", value: big }],
    ["a remove of no key", { type: "remove" }],
    ["a remove of a key over the size", { type: "remove", key: `sent${big}` }],
    ["a state that is no list", { type: "state", items: { pending: "x" } }],
    ["a state of things that are not pairs", { type: "state", items: [["pending"], 42] }],
    ["a state with a pair of three", { type: "state", items: [["pending", "x", "y"]] }],
    ["a state over the size", { type: "state", items: [["pending", big]] }],
    [
      "a state of too many items",
      {
        type: "state",
        items: Array.from({ length: MAX_SHARED_ITEMS + 1 }, (_, at) => [`k${at}`, "v"]),
      },
    ],
  ])("lets be %s: nothing changes and no listener hears of it", async (_what, message) => {
    const name = `test-${Math.random()}`;
    const [page, other] = [new BroadcastChannel(name), new BroadcastChannel(name)];
    const store = channelStore(page);
    store.setItem("sent", "ada@example.com");
    const listener = vi.fn();
    store.onOutsideChange(listener);
    other.postMessage(message);
    await delivered();
    expect(listener).not.toHaveBeenCalled();
    expect(store.getItem("sent")).toBe("ada@example.com");
    expect(store.getItem("pending")).toBeNull();
    expect(store.getItem("k0")).toBeNull();
    // The page still answers what a well-formed message says.
    other.postMessage({ type: "set", key: "pending", value: "bob@example.com" });
    await delivered();
    expect(store.getItem("pending")).toBe("bob@example.com");
    expect(listener).toHaveBeenCalledTimes(1);
    for (const channel of [page, other]) channel.close();
  });

  it("takes a message at exactly the size", async () => {
    const name = `test-${Math.random()}`;
    const [page, other] = [new BroadcastChannel(name), new BroadcastChannel(name)];
    const store = channelStore(page);
    const value = "x".repeat(MAX_SHARED_MESSAGE_CHARS - "pending".length);
    other.postMessage({ type: "set", key: "pending", value });
    const items = Array.from({ length: MAX_SHARED_ITEMS }, (_, at) => [`k${at}`, "v"]);
    other.postMessage({ type: "state", items });
    await delivered();
    expect(store.getItem("pending")).toBe(value);
    expect(store.getItem(`k${MAX_SHARED_ITEMS - 1}`)).toBe("v");
    for (const channel of [page, other]) channel.close();
  });

  it("keeps a value too big to tell to itself, and tells a new page what fits", async () => {
    const name = `test-${Math.random()}`;
    const pages = [new BroadcastChannel(name), new BroadcastChannel(name)];
    const [first, second] = pages.map(channelStore);
    first?.setItem("big", big);
    first?.setItem("sent", "ada@example.com");
    await delivered();
    expect(first?.getItem("big")).toBe(big);
    expect(second?.getItem("big")).toBeNull();
    expect(second?.getItem("sent")).toBe("ada@example.com");
    const latecomer = new BroadcastChannel(name);
    const third = channelStore(latecomer);
    await delivered();
    expect(third.getItem("sent")).toBe("ada@example.com");
    expect(third.getItem("big")).toBeNull();
    for (const channel of [...pages, latecomer]) channel.close();
  });
});

describe("shieldStorage", () => {
  it("puts a working store in place of blocked storage, so reading it no longer throws", () => {
    const scope = blockedScope();
    shieldStorage(scope);
    expect(typeof scope.localStorage).toBe("object");
    scope.localStorage.setItem("key", "value");
    expect(scope.localStorage.getItem("key")).toBe("value");
    scope.sessionStorage.setItem("tab", "1");
    expect(scope.sessionStorage.getItem("tab")).toBe("1");
    expect(scope.localStorage.getItem("tab")).toBeNull();
  });

  it("puts in place of blocked site storage the memory shared with the site's other pages", async () => {
    const scopes = [blockedScope({ BroadcastChannel }), blockedScope({ BroadcastChannel })];
    for (const scope of scopes) shieldStorage(scope);
    scopes[0]?.localStorage.setItem("sent", "ada@example.com");
    scopes[0]?.sessionStorage.setItem("tab", "1");
    await delivered();
    expect(scopes[1]?.localStorage.getItem("sent")).toBe("ada@example.com");
    expect(scopes[1]?.sessionStorage.getItem("tab")).toBeNull();
  });

  it("leaves working storage alone", () => {
    const real = memoryStore();
    const session = memoryStore();
    const scope = { localStorage: real, sessionStorage: session } as unknown as typeof globalThis;
    shieldStorage(scope);
    expect(scope.localStorage).toBe(real);
    expect(scope.sessionStorage).toBe(session);
  });
});

/** A Web Storage area over a map, with its keys listed as a browser lists them. */
function storageArea(items: Record<string, string>): Storage {
  const map = new Map(Object.entries(items));
  return {
    get length() {
      return map.size;
    },
    key: (at: number) => [...map.keys()][at] ?? null,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    clear: () => map.clear(),
  };
}

const keysOf = (area: Storage) => Array.from({ length: area.length }, (_, at) => area.key(at));

describe("sweepRetiredKeys", () => {
  it("leaves today's keys and another script's, and removes every other key of ours", () => {
    const today = Object.fromEntries(
      [...Object.values(SITE_KEYS), ...Object.values(MIGRATED_KEYS)].map((key) => [key, "x"]),
    );
    const retired = Object.fromEntries(
      RETIRED_KEYS.map((shape) => [shape.replace("<address>", "ada@example.com"), "{}"]),
    );
    const localStorage = storageArea({
      ...today,
      ...retired,
      "bulwark:waitlist:send:Bob@Example.com:lease": '{"holder":"x","until":1}',
      "bulwark:some-later-key": "1",
      "another-app:settings": "kept",
    });
    const sessionStorage = storageArea({
      [TAB_KEYS.signedUp]: "1",
      "bulwark:waitlist:old-tab-mark": "1",
      "another-app:tab": "kept",
    });
    sweepRetiredKeys({ localStorage, sessionStorage } as unknown as typeof globalThis);
    expect(keysOf(localStorage).sort()).toEqual(
      [...Object.keys(today), "another-app:settings"].sort(),
    );
    expect(keysOf(sessionStorage).sort()).toEqual(["another-app:tab", TAB_KEYS.signedUp]);
  });

  it("lets blocked storage be", () => {
    expect(() => sweepRetiredKeys(blockedScope())).not.toThrow();
  });
});
