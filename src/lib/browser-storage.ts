/**
 * Site storage that never throws (PRODUCT.md §1, "Storage blocked"): with cookies off, reading
 * `localStorage` throws; storage can also be full or disabled. The signup must still go through, so
 * each area falls back to a memory that lives as long as the tab.
 */

/** The part of the Web Storage API the site uses. */
export type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

type StorageArea = "localStorage" | "sessionStorage";

export function memoryStore(): KeyValueStore {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}

/** The real area, or null where reading it throws (site storage blocked). */
function realArea(scope: typeof globalThis, area: StorageArea): Storage | null {
  try {
    return scope[area] ?? null;
  } catch {
    return null;
  }
}

/** One area, through a store that never throws; a failed write is kept in the tab's memory. */
export function safeStore(scope: typeof globalThis, area: StorageArea): KeyValueStore {
  const real = realArea(scope, area);
  const memory = memoryStore();
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
        memory.removeItem(key);
      } catch {
        memory.setItem(key, value);
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
  };
}

/**
 * Where site storage is blocked, puts a tab-memory store in its place before anything reads it:
 * `@emailjs/browser` evaluates `typeof localStorage` when its module loads, which throws there and
 * would stop the app. Called once, before the SDK is imported.
 */
export function shieldStorage(scope: typeof globalThis): void {
  for (const area of ["localStorage", "sessionStorage"] as const) {
    if (realArea(scope, area)) continue;
    Object.defineProperty(scope, area, { configurable: true, value: memoryStore() });
  }
}
