/**
 * Web Storage, which the waitlist no longer uses (its records are in IndexedDB:
 * signup-table.ts): the one shield the EmailJS SDK needs, and the sweep of what earlier deploys
 * left there.
 */

/** Every key of ours begins with this; nothing else in the origin's storage is touched. */
const OUR_PREFIX = "bulwark:";

/**
 * Where site data is blocked, reading `localStorage` throws, and `@emailjs/browser` reads it as
 * its module loads (`typeof localStorage`), which would stop the app: there it is made undefined,
 * which the SDK understands as no storage. Called once, before the SDK is imported.
 */
export function shieldStorage(scope: typeof globalThis): void {
  try {
    void scope.localStorage;
  } catch {
    Object.defineProperty(scope, "localStorage", { configurable: true, value: undefined });
  }
}

/**
 * Removes from the page's storage every key of ours (`OUR_PREFIX`): the site keeps nothing there,
 * so whatever an earlier deploy left goes as a page first uses its records. Storage that cannot be
 * read is let be.
 */
export function sweepOurKeys(scope: typeof globalThis): void {
  for (const area of ["localStorage", "sessionStorage"] as const) {
    try {
      const storage = scope[area];
      const keys = Array.from({ length: storage.length }, (_, at) => storage.key(at) ?? "");
      for (const key of keys) if (key.startsWith(OUR_PREFIX)) storage.removeItem(key);
    } catch {
      // Blocked, or shielded: nothing of ours could be kept there.
    }
  }
}
