/** Web Storage, which the waitlist no longer uses: the EmailJS SDK's shield, and a sweep. */

/** Every key of ours begins with this; nothing else in the origin's storage is touched. */
const OUR_PREFIX = "bulwark:";

/** Makes a `localStorage` that throws undefined, before the SDK loads (docs: "Storage blocked"). */
export function shieldStorage(scope: typeof globalThis): void {
  try {
    void scope.localStorage;
  } catch {
    Object.defineProperty(scope, "localStorage", { configurable: true, value: undefined });
  }
}

/** Removes the keys of ours earlier deploys left in Web Storage; storage that throws is let be. */
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
