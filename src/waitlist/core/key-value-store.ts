/**
 * Storage as the delivery core sees it: passed in, so the core reads no browser global and its unit
 * tests run in Node. src/waitlist/browser/browser-storage.ts gives the browser's areas this shape.
 */

/** The part of the Web Storage API the site uses. */
export type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function memoryStore(): KeyValueStore {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}
