/**
 * Site storage that never throws (docs/behaviour.md, "Storage blocked"): with cookies off, reading
 * `localStorage` throws; storage can also be full or refuse writes (older Safari's private mode).
 * The signup must still go through, and one address still be sent once from two tabs, so what site
 * storage cannot keep goes to a memory the site's open pages share; the tab's own storage falls
 * back to the tab's memory.
 */
import { type KeyValueStore, memoryStore } from "@/waitlist/core/key-value-store";

type StorageArea = "localStorage" | "sessionStorage";

/** The real area, or null where reading it throws (site storage blocked). */
function realArea(scope: typeof globalThis, area: StorageArea): Storage | null {
  try {
    return scope[area] ?? null;
  } catch {
    return null;
  }
}

/**
 * A store the site's other open pages also write to: `onOutsideChange` calls its listener after one
 * of them changed what it holds (the browser's `storage` event, or a message of the shared memory),
 * and returns its stop.
 */
export type SharedStore = KeyValueStore & { onOutsideChange(listener: () => void): () => void };

type Message =
  | { type: "set"; key: string; value: string }
  | { type: "remove"; key: string }
  | { type: "hello" }
  | { type: "state"; items: [string, string][] };

/**
 * A memory shared by the open pages of this site in this browser, over a BroadcastChannel (which
 * works where site storage is blocked): each page keeps a copy, every change is told to the others,
 * and a new page asks them for theirs. It ends with the last open page.
 */
export function channelStore(channel: BroadcastChannel): SharedStore {
  const items = memoryStore();
  const held = new Map<string, string>();
  const listeners = new Set<() => void>();
  const apply = (key: string, value: string | null) => {
    if (value === null) {
      items.removeItem(key);
      held.delete(key);
    } else {
      items.setItem(key, value);
      held.set(key, value);
    }
  };
  channel.addEventListener("message", ({ data }: MessageEvent<Message>) => {
    if (data.type === "hello") return channel.postMessage({ type: "state", items: [...held] });
    if (data.type === "set") apply(data.key, data.value);
    else if (data.type === "remove") apply(data.key, null);
    else if (data.type === "state") {
      // A new page's answers: what this page did not have yet.
      const fresh = data.items.filter(([key]) => !held.has(key));
      if (fresh.length === 0) return;
      for (const [key, value] of fresh) apply(key, value);
    }
    // A kind this version does not know: a page of another deploy.
    else return;
    for (const listener of listeners) listener();
  });
  channel.postMessage({ type: "hello" } satisfies Message);
  return {
    getItem: (key) => items.getItem(key),
    setItem(key, value) {
      apply(key, String(value));
      channel.postMessage({ type: "set", key, value: String(value) } satisfies Message);
    },
    removeItem(key) {
      apply(key, null);
      channel.postMessage({ type: "remove", key } satisfies Message);
    },
    onOutsideChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The tab's memory: no other page writes to it. */
function tabMemory(): SharedStore {
  return { ...memoryStore(), onOutsideChange: () => () => {} };
}

/** Where an area's values go when it cannot keep them. */
function fallbackStore(scope: typeof globalThis, area: StorageArea): SharedStore {
  // Site storage is shared by the site's pages, so its stand-in is too, where it can be.
  if (area === "localStorage" && typeof scope.BroadcastChannel === "function") {
    try {
      return channelStore(new scope.BroadcastChannel("bulwark:site-storage"));
    } catch {
      // Refused too: the tab's memory it is.
    }
  }
  return tabMemory();
}

const stores = new WeakMap<object, Partial<Record<StorageArea, SharedStore>>>();
/** What shieldStorage put in place of blocked storage (it never throws), found by itself. */
const standIns = new WeakMap<object, SharedStore>();

/**
 * One area, through a store that never throws. A write the area refuses (blocked, full, read-only)
 * goes to its fallback: for site storage the memory shared with the site's other open pages
 * (channelStore), listened to from the start so this page sees what the others put there; for tab
 * storage the tab's memory. What the area already holds stays readable. One store per area and
 * page, so every part of the page sees the same stand-in.
 */
export function safeStore(scope: typeof globalThis, area: StorageArea): SharedStore {
  const known = stores.get(scope) ?? {};
  stores.set(scope, known);
  known[area] ??= createSafeStore(scope, area);
  return known[area];
}

function createSafeStore(scope: typeof globalThis, area: StorageArea): SharedStore {
  const real = realArea(scope, area);
  const standIn = real && standIns.get(real);
  if (standIn) return standIn;
  const memory = fallbackStore(scope, area);
  return {
    getItem(key) {
      try {
        return memory.getItem(key) ?? real?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    setItem(key, value) {
      try {
        if (!real) throw new Error("no storage");
        real.setItem(key, value);
        if (memory.getItem(key) !== null) memory.removeItem(key);
      } catch {
        memory.setItem(key, value);
        // The area's older value would outlive the shared memory and come back stale.
        try {
          real?.removeItem(key);
        } catch {
          // Nothing can be kept there, nor read back.
        }
      }
    },
    removeItem(key) {
      memory.removeItem(key);
      try {
        real?.removeItem(key);
      } catch {
        // Nothing was kept there.
      }
    },
    onOutsideChange(listener) {
      const stopShared = memory.onOutsideChange(listener);
      // The browser tells a page when another page changed its storage.
      scope.addEventListener?.("storage", listener);
      return () => {
        stopShared();
        scope.removeEventListener?.("storage", listener);
      };
    },
  };
}

/**
 * Where site storage is blocked, puts a stand-in in its place before anything reads it (for site
 * storage, the memory shared with the site's other open pages; for tab storage, the tab's memory):
 * `@emailjs/browser` evaluates `typeof localStorage` when its module loads, which throws there and
 * would stop the app. Called once, before the SDK is imported.
 */
export function shieldStorage(scope: typeof globalThis): void {
  for (const area of ["localStorage", "sessionStorage"] as const) {
    if (realArea(scope, area)) continue;
    const standIn = fallbackStore(scope, area);
    standIns.set(standIn, standIn);
    Object.defineProperty(scope, area, { configurable: true, value: standIn });
  }
}
