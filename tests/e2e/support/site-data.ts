/**
 * Everything the page's origin keeps in the browser, read as a visitor's devtools would: Web
 * Storage, cookies and every IndexedDB database, store and entry (docs/behaviour.md, "What the
 * browser keeps").
 */
import type { Page } from "@playwright/test";

/** One line per thing kept: `area key=value` (`indexedDB database/store key=value` for a record). */
export function siteData(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const lines = (["localStorage", "sessionStorage"] as const).flatMap((area) =>
      Object.entries(window[area]).map(([key, value]) => `${area} ${key}=${value}`),
    );
    if (document.cookie) lines.push(`cookie ${document.cookie}`);
    const shown = (value: unknown) =>
      value instanceof CryptoKey ? "[CryptoKey]" : JSON.stringify(value);
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const entries = await new Promise<string[]>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).openCursor();
          const found: string[] = [];
          request.onsuccess = () => {
            const cursor = request.result;
            if (!cursor) return resolve(found);
            found.push(`indexedDB ${name}/${store} ${String(cursor.key)}=${shown(cursor.value)}`);
            cursor.continue();
          };
          request.onerror = () => reject(request.error);
        });
        lines.push(...entries);
      }
      db.close();
    }
    return lines;
  });
}

/** The IndexedDB databases the origin has, by name (an empty one included). */
export function databaseNames(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await indexedDB.databases()).flatMap(({ name }) => (name ? [name] : [])),
  );
}

/** Whether `held` names the address anywhere, in any letter case, or even its local part. */
export const namesAddress = (held: string[], address: string) => {
  const text = held.join("\n").toLowerCase();
  const [local = address] = address.split("@");
  return text.includes(address.toLowerCase()) || text.includes(local.toLowerCase());
};
