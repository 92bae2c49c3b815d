/**
 * Site storage that never throws (docs/behaviour.md, "Storage blocked"): with cookies off, reading
 * `localStorage` throws; storage can also be full or refuse writes (older Safari's private mode).
 * The signup must still go through, and one address still be sent once from two tabs, so what site
 * storage cannot keep goes to a memory the site's open pages share; the tab's own storage falls
 * back to the tab's memory.
 */
import { type KeyValueStore, memoryStore } from "@/waitlist/core/key-value-store";
import { KEPT_KEYS, OUR_PREFIX } from "@/waitlist/core/storage-keys";

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
 * The most characters of keys and values one message of the shared memory carries. What the site
 * keeps there is a few addresses and leases, well under it; any page of the site's origin may post
 * to the channel, so a message is checked for its shape and size before anything of it is used.
 */
export const MAX_SHARED_MESSAGE_CHARS = 8 * 1024;
/** The most items one message of the whole memory (a new page's answer) carries. */
export const MAX_SHARED_ITEMS = 64;

const isText = (value: unknown): value is string => typeof value === "string";

const isPair = (item: unknown): item is [string, string] =>
  Array.isArray(item) && item.length === 2 && isText(item[0]) && isText(item[1]);

/** The characters of keys and values `items` carry. */
const charsOf = (items: readonly (readonly [string, string])[]) =>
  items.reduce((sum, [key, value]) => sum + key.length + value.length, 0);

/**
 * A message of a kind this version knows, of the right shape and within the size; anything else
 * (another deploy's kind, a malformed or oversized message) is let be.
 */
function knownMessage(data: unknown): Message | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const message = data as Record<string, unknown>;
  const fits = (items: readonly (readonly [string, string])[]) =>
    charsOf(items) <= MAX_SHARED_MESSAGE_CHARS;
  switch (message.type) {
    case "hello":
      return { type: "hello" };
    case "set":
      return isText(message.key) && isText(message.value) && fits([[message.key, message.value]])
        ? { type: "set", key: message.key, value: message.value }
        : undefined;
    case "remove":
      return isText(message.key) && fits([[message.key, ""]])
        ? { type: "remove", key: message.key }
        : undefined;
    case "state": {
      const { items } = message;
      if (!Array.isArray(items) || items.length > MAX_SHARED_ITEMS) return undefined;
      return items.every(isPair) && fits(items) ? { type: "state", items } : undefined;
    }
    default:
      return undefined;
  }
}

/** What this page holds, as much of it as one message carries. */
function stateToTell(held: Map<string, string>): [string, string][] {
  const items: [string, string][] = [];
  let chars = 0;
  for (const [key, value] of held) {
    if (items.length === MAX_SHARED_ITEMS) break;
    if (chars + key.length + value.length > MAX_SHARED_MESSAGE_CHARS) continue;
    chars += key.length + value.length;
    items.push([key, value]);
  }
  return items;
}

/**
 * A memory shared by the open pages of this site in this browser, over a BroadcastChannel (which
 * works where site storage is blocked): each page keeps a copy, every change is told to the others,
 * and a new page asks them for theirs. It ends with the last open page. A value too big to tell
 * (over MAX_SHARED_MESSAGE_CHARS with its key) stays this page's own, as what does not fit in a new
 * page's answer stays unsaid.
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
  const tell = (message: Message) => {
    if (knownMessage(message)) channel.postMessage(message);
  };
  channel.addEventListener("message", ({ data }: MessageEvent<unknown>) => {
    const message = knownMessage(data);
    // A kind this version does not know (a page of another deploy), or a malformed message.
    if (!message) return;
    if (message.type === "hello") return tell({ type: "state", items: stateToTell(held) });
    if (message.type === "set") apply(message.key, message.value);
    else if (message.type === "remove") apply(message.key, null);
    else {
      // A new page's answers: what this page did not have yet.
      const fresh = message.items.filter(([key]) => !held.has(key));
      if (fresh.length === 0) return;
      for (const [key, value] of fresh) apply(key, value);
    }
    for (const listener of listeners) listener();
  });
  tell({ type: "hello" });
  return {
    getItem: (key) => items.getItem(key),
    setItem(key, value) {
      apply(key, String(value));
      tell({ type: "set", key, value: String(value) });
    },
    removeItem(key) {
      apply(key, null);
      tell({ type: "remove", key });
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

/**
 * Removes from the page's real storage every key of ours (`OUR_PREFIX`) that is not on today's
 * list (storage-keys.ts): what earlier deploys left, a lease named after an address included.
 * Nothing of another script of the origin is touched; storage that cannot be read is let be.
 */
export function sweepRetiredKeys(scope: typeof globalThis): void {
  for (const area of ["localStorage", "sessionStorage"] as const) {
    const real = realArea(scope, area);
    if (!real || standIns.has(real)) continue;
    try {
      const kept = new Set<string>(KEPT_KEYS[area]);
      const ours = Array.from({ length: real.length }, (_, at) => real.key(at) ?? "");
      for (const key of ours) {
        if (key.startsWith(OUR_PREFIX) && !kept.has(key)) real.removeItem(key);
      }
    } catch {
      // Blocked or refusing: nothing of ours could have been kept there by this browser now.
    }
  }
}
