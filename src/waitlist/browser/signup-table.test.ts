/**
 * Where the signups' records live (docs/behaviour.md, "What the browser keeps"): IndexedDB, here
 * fake-indexeddb (its structured clone, Node's, keeps a non-extractable CryptoKey as the browser's
 * does), with Node's WebCrypto; and the page's memory where site data is blocked.
 */
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it, vi } from "vitest";
import { DATABASE, indexedTable, memoryTable, RECORDS, type SignupTable } from "./signup-table";

const ADA = "ada@example.com";
const GRACE = "grace@example.com";
/** An HMAC-SHA-256 in base64: 32 bytes. */
const HASH = /^[A-Za-z0-9+/]{43}=$/;

/** A browser's IndexedDB, fresh: no database yet. */
const browser = () => new IDBFactory();

/** The table of a page that writes (`create`): it makes the database where there is none. */
async function open(idb: IDBFactory, subtle: SubtleCrypto = crypto.subtle): Promise<SignupTable> {
  const table = await indexedTable(idb, subtle, true);
  if (!table) throw new Error("a page that writes got no table");
  return table;
}

/** The keys of the records' store, as another page would read them. */
async function storedKeys(idb: IDBFactory): Promise<IDBValidKey[]> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const opening = idb.open(DATABASE);
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error);
  });
  try {
    return await new Promise((resolve, reject) => {
      const request = db.transaction(RECORDS).objectStore(RECORDS).getAllKeys();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

describe.each<[string, () => Promise<SignupTable>]>([
  ["IndexedDB", () => open(browser())],
  ["the page's memory", async () => memoryTable()],
])("%s", (_, table) => {
  it("gets what was put, and nothing once null was put", async () => {
    const records = await table();
    const id = await records.idOf(ADA);
    await expect(records.get(id)).resolves.toBeUndefined();
    await records.put(id, { state: "delivered", day: 1 });
    await expect(records.get(id)).resolves.toEqual({ state: "delivered", day: 1 });
    await records.put(id, { state: "failed", email: ADA, day: 2 });
    await expect(records.get(id)).resolves.toEqual({ state: "failed", email: ADA, day: 2 });
    await records.put(id, null);
    await expect(records.get(id)).resolves.toBeUndefined();
    await expect(records.entries()).resolves.toEqual([]);
  });

  it("gives one id for an address in any letter case, another for another address", async () => {
    const records = await table();
    const id = await records.idOf(ADA);
    await expect(records.idOf("Ada@Example.COM")).resolves.toBe(id);
    await expect(records.idOf(GRACE)).resolves.not.toBe(id);
  });

  it("lists every record by id, each address by itself", async () => {
    const records = await table();
    const [ada, grace] = [await records.idOf(ADA), await records.idOf(GRACE)];
    await records.put(ada, { state: "delivered", day: 1 });
    await records.put(grace, { state: "failed", email: GRACE, day: 2 });
    await records.put(ada, null);
    await expect(records.entries()).resolves.toEqual([
      [grace, { state: "failed", email: GRACE, day: 2 }],
    ]);
  });
});

describe("indexedTable", () => {
  it("makes no database for a page that only looks", async () => {
    const idb = browser();
    await expect(indexedTable(idb, crypto.subtle, false)).resolves.toBeNull();
    await expect(indexedTable(idb, crypto.subtle, false)).resolves.toBeNull();
    await expect(idb.databases()).resolves.toEqual([]);
    // A page that writes, later, makes it.
    const writer = await open(idb);
    await writer.put("id", { state: "delivered", day: 1 });
    await expect(writer.get("id")).resolves.toEqual({ state: "delivered", day: 1 });
  });

  it("opens the database a writing page made, for a page that only looks", async () => {
    const idb = browser();
    const writer = await open(idb);
    const id = await writer.idOf(ADA);
    await writer.put(id, { state: "delivered", day: 1 });
    const looker = await indexedTable(idb, crypto.subtle, false);
    await expect(looker?.get(id)).resolves.toEqual({ state: "delivered", day: 1 });
    await expect(looker?.idOf(ADA)).resolves.toBe(id);
  });

  it("gives ids that show no address: a keyed hash", async () => {
    const records = await open(browser());
    const id = await records.idOf("Ada@Example.com");
    // Base64 has no "@" nor ".": no address can be in it.
    expect(id).toMatch(HASH);
    // Keyed: not the plain SHA-256 of the address, which anyone could compute from a guess.
    const plain = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(ADA));
    expect(id).not.toBe(btoa(String.fromCharCode(...new Uint8Array(plain))));
  });

  it("makes the key once, then reads it", async () => {
    const generateKey = vi.fn((...args: Parameters<SubtleCrypto["generateKey"]>) =>
      crypto.subtle.generateKey(...args),
    );
    const subtle = {
      generateKey,
      sign: (...args: Parameters<SubtleCrypto["sign"]>) => crypto.subtle.sign(...args),
    } as unknown as SubtleCrypto;
    const records = await open(browser(), subtle);
    const id = await records.idOf(ADA);
    await expect(records.idOf(ADA)).resolves.toBe(id);
    await records.idOf(GRACE);
    expect(generateKey).toHaveBeenCalledTimes(1);
  });

  it("makes a key of this browser's own: another browser's id differs", async () => {
    const [one, two] = [await open(browser()), await open(browser())];
    expect(await one.idOf(ADA)).not.toBe(await two.idOf(ADA));
  });

  it("keeps the key and the records for the next page", async () => {
    const idb = browser();
    const first = await open(idb);
    const id = await first.idOf(ADA);
    await first.put(id, { state: "delivered", day: 1 });
    const next = await open(idb);
    await expect(next.idOf(ADA)).resolves.toBe(id);
    await expect(next.get(id)).resolves.toEqual({ state: "delivered", day: 1 });
  });

  it("two pages starting at once end with one key", async () => {
    const idb = browser();
    const pages = await Promise.all([open(idb), open(idb), open(idb)]);
    const ids = await Promise.all(pages.map((page) => page.idOf(ADA)));
    expect(new Set(ids).size).toBe(1);
    await expect(pages[0]?.idOf(ADA)).resolves.toBe(ids[0]);
    expect(await storedKeys(idb)).toEqual(["key"]);
  });

  it("lists the records without the key", async () => {
    const idb = browser();
    const records = await open(idb);
    const id = await records.idOf(ADA);
    await expect(records.entries()).resolves.toEqual([]);
    await records.put(id, { state: "delivered", day: 1 });
    await expect(records.entries()).resolves.toEqual([[id, { state: "delivered", day: 1 }]]);
    expect(await storedKeys(idb)).toHaveLength(2);
  });

  it("drops the key only once no record is left; a later id differs", async () => {
    const idb = browser();
    const records = await open(idb);
    const id = await records.idOf(ADA);
    // Ids on either side of the key's in the store's order.
    const [before, after] = ["AAAA", "zzzz"];
    for (const kept of [before, after]) {
      await records.put(kept, { state: "delivered", day: 1 });
      await records.dropKeyIfAlone();
      await expect(records.idOf(ADA)).resolves.toBe(id);
      await records.put(kept, null);
    }
    await records.dropKeyIfAlone();
    expect(await storedKeys(idb)).toEqual([]);
    await expect(records.idOf(ADA)).resolves.not.toBe(id);
  });

  it("drops nothing when there is no key yet", async () => {
    const records = await open(browser());
    await expect(records.dropKeyIfAlone()).resolves.toBeUndefined();
    await expect(records.idOf(ADA)).resolves.toMatch(HASH);
  });
});

describe("memoryTable", () => {
  it("keeps records by address in lower case, for this page only", async () => {
    const records = memoryTable();
    await expect(records.idOf("Ada@Example.COM")).resolves.toBe(ADA);
    await records.put(ADA, { state: "delivered", day: 1 });
    await records.dropKeyIfAlone();
    await expect(records.get(ADA)).resolves.toEqual({ state: "delivered", day: 1 });
    await expect(memoryTable().get(ADA)).resolves.toBeUndefined();
  });
});
