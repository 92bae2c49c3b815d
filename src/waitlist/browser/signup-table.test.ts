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
const DELIVERED = { state: "delivered", day: 1 };
const FAILED = { state: "failed", email: GRACE, day: 2 };

/** A browser's IndexedDB, fresh: no database yet. */
const browser = () => new IDBFactory();

/** The table of a page that writes (`create`): it makes the database where there is none. */
async function open(idb: IDBFactory, subtle: SubtleCrypto = crypto.subtle): Promise<SignupTable> {
  const table = await indexedTable(idb, subtle, true);
  if (!table) throw new Error("a page that writes got no table");
  return table;
}

/** Runs `read` on the records' store as another page would, outside the table under test. */
async function inStore<T>(idb: IDBFactory, read: (store: IDBObjectStore) => IDBRequest<T>) {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const opening = idb.open(DATABASE);
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error);
  });
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = read(db.transaction(RECORDS).objectStore(RECORDS));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

/** The keys of the records' store. */
const storedKeys = (idb: IDBFactory) => inStore(idb, (store) => store.getAllKeys());

/** The key entry ("key"), as stored. */
async function storedKey(idb: IDBFactory): Promise<{ key: CryptoKey; name: string }> {
  const entry = await inStore(idb, (store) => store.get("key"));
  expect(entry).toEqual({ key: expect.any(CryptoKey), name: expect.any(String) });
  return entry;
}

/** The HMAC-SHA-256 of the address in lower case under the stored key, in base64. */
async function hashUnderStoredKey(idb: IDBFactory, email: string): Promise<string> {
  const { key } = await storedKey(idb);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(email.toLowerCase()));
  return btoa(String.fromCharCode(...new Uint8Array(mac)));
}

/** The id of the only record: written with `email`, found through `entries()`. */
async function idOf(table: SignupTable, email: string): Promise<string> {
  await table.write(email, DELIVERED);
  const entries = await table.entries();
  expect(entries).toHaveLength(1);
  const [id] = entries[0] ?? [];
  if (id === undefined) throw new Error("no record");
  return id;
}

describe.each<[string, () => Promise<SignupTable>]>([
  ["IndexedDB", () => open(browser())],
  ["the page's memory", async () => memoryTable()],
])("%s", (_, table) => {
  it("reads what was written, and nothing once null was written", async () => {
    const records = await table();
    await expect(records.read(ADA)).resolves.toBeUndefined();
    await records.write(ADA, DELIVERED);
    await expect(records.read(ADA)).resolves.toEqual(DELIVERED);
    await records.write(ADA, { state: "failed", email: ADA, day: 2 });
    await expect(records.read(ADA)).resolves.toEqual({ state: "failed", email: ADA, day: 2 });
    await records.write(ADA, null);
    await expect(records.read(ADA)).resolves.toBeUndefined();
    await expect(records.entries()).resolves.toEqual([]);
  });

  it("keeps one record for an address in any letter case", async () => {
    const records = await table();
    await records.write("Ada@Example.COM", DELIVERED);
    await expect(records.read(ADA)).resolves.toEqual(DELIVERED);
    await records.write(ADA, FAILED);
    await expect(records.read("ADA@EXAMPLE.COM")).resolves.toEqual(FAILED);
    await expect(records.entries()).resolves.toEqual([[expect.any(String), FAILED]]);
  });

  it("lists every record by id, each address by itself", async () => {
    const records = await table();
    await records.write(ADA, DELIVERED);
    const [[ada] = []] = await records.entries();
    await records.write(GRACE, FAILED);
    const grace = (await records.entries()).find(([id]) => id !== ada)?.[0];
    expect(grace).toBeDefined();
    expect(grace).not.toBe(ada);
    await records.write(ADA, null);
    await expect(records.entries()).resolves.toEqual([[grace, FAILED]]);
    await expect(records.read(GRACE)).resolves.toEqual(FAILED);
  });

  it("rewrites a record by id, and removes it given null", async () => {
    const records = await table();
    await records.write(ADA, DELIVERED);
    const [[id] = []] = await records.entries();
    if (id === undefined) throw new Error("no record");
    await records.write(GRACE, FAILED);
    await records.replace(id, { state: "expired", day: 9 });
    await expect(records.read(ADA)).resolves.toEqual({ state: "expired", day: 9 });
    await records.replace(id, null);
    await expect(records.read(ADA)).resolves.toBeUndefined();
    await expect(records.read(GRACE)).resolves.toEqual(FAILED);
    await expect(records.entries()).resolves.toEqual([[expect.any(String), FAILED]]);
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
    await writer.write(ADA, DELIVERED);
    await expect(writer.read(ADA)).resolves.toEqual(DELIVERED);
    await expect(idb.databases()).resolves.toEqual([{ name: DATABASE, version: 1 }]);
  });

  it("opens the database a writing page made, for a page that only looks", async () => {
    const idb = browser();
    const writer = await open(idb);
    const id = await idOf(writer, ADA);
    const looker = await indexedTable(idb, crypto.subtle, false);
    expect(looker).not.toBeNull();
    await expect(looker?.read(ADA)).resolves.toEqual(DELIVERED);
    await expect(looker?.entries()).resolves.toEqual([[id, DELIVERED]]);
  });

  it("gives ids that show no address: the address's keyed hash", async () => {
    const idb = browser();
    const records = await open(idb);
    const id = await idOf(records, "Ada@Example.com");
    // Base64 has no "@" nor ".": no address can be in it.
    expect(id).toMatch(HASH);
    // The HMAC of the address in lower case, under the browser's stored key...
    await expect(hashUnderStoredKey(idb, ADA)).resolves.toBe(id);
    // ...not the plain SHA-256 of the address, which anyone could compute from a guess.
    const plain = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(ADA));
    expect(id).not.toBe(btoa(String.fromCharCode(...new Uint8Array(plain))));
  });

  it("stores the key with a name, the key not extractable", async () => {
    const idb = browser();
    await open(idb).then((records) => records.write(ADA, DELIVERED));
    const { key, name } = await storedKey(idb);
    expect(key.extractable).toBe(false);
    expect(key.algorithm).toMatchObject({ name: "HMAC", hash: { name: "SHA-256" } });
    expect(name).not.toBe("");
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
    await records.write(ADA, DELIVERED);
    await records.read(ADA);
    await records.write(GRACE, FAILED);
    await records.write(ADA, null);
    expect(generateKey).toHaveBeenCalledTimes(1);
  });

  it("makes a key of this browser's own: another browser's id differs", async () => {
    const [one, two] = [await open(browser()), await open(browser())];
    expect(await idOf(one, ADA)).not.toBe(await idOf(two, ADA));
  });

  it("keeps the key and the records for the next page", async () => {
    const idb = browser();
    const first = await open(idb);
    const id = await idOf(first, ADA);
    const { name } = await storedKey(idb);
    const next = await open(idb);
    await expect(next.read(ADA)).resolves.toEqual(DELIVERED);
    await expect(next.entries()).resolves.toEqual([[id, DELIVERED]]);
    // The next page's write lands on the same id: same key.
    await next.write("ADA@example.com", FAILED);
    await expect(next.entries()).resolves.toEqual([[id, FAILED]]);
    await expect(storedKey(idb)).resolves.toMatchObject({ name });
  });

  it("pages starting at once end with one key", async () => {
    const idb = browser();
    const pages = await Promise.all([open(idb), open(idb), open(idb)]);
    await Promise.all(
      pages.map((page, at) => page.write(`page${at}@example.com`, { state: "delivered", day: at })),
    );
    expect(await storedKeys(idb)).toHaveLength(4);
    const entries = await pages[0]?.entries();
    expect(entries).toHaveLength(3);
    // Every id is made with the one stored key, and every page reads every record.
    for (const [at] of pages.entries()) {
      const id = await hashUnderStoredKey(idb, `page${at}@example.com`);
      expect(entries).toContainEqual([id, { state: "delivered", day: at }]);
      for (const page of pages) {
        await expect(page.read(`page${at}@example.com`)).resolves.toEqual({
          state: "delivered",
          day: at,
        });
      }
    }
  });

  it("lists the records without the key", async () => {
    const idb = browser();
    const records = await open(idb);
    await records.read(ADA);
    expect(await storedKeys(idb)).toEqual(["key"]);
    await expect(records.entries()).resolves.toEqual([]);
    const id = await idOf(records, ADA);
    await expect(records.entries()).resolves.toEqual([[id, DELIVERED]]);
    expect(await storedKeys(idb)).toHaveLength(2);
  });

  it("drops the key only once no record is left; a later write's id differs", async () => {
    const idb = browser();
    const records = await open(idb);
    const id = await idOf(records, ADA);
    await records.replace(id, null);
    const { name } = await storedKey(idb);
    // Ids on either side of the key's in the store's order.
    for (const kept of ["AAAA", "zzzz"]) {
      await records.replace(kept, DELIVERED);
      await records.dropKeyIfAlone();
      await expect(storedKey(idb)).resolves.toMatchObject({ name });
      await records.replace(kept, null);
    }
    await records.dropKeyIfAlone();
    expect(await storedKeys(idb)).toEqual([]);
    const later = await idOf(records, ADA);
    expect(later).toMatch(HASH);
    expect(later).not.toBe(id);
    await expect(storedKey(idb)).resolves.not.toMatchObject({ name });
    await expect(hashUnderStoredKey(idb, ADA)).resolves.toBe(later);
  });

  it("drops nothing when there is no key yet", async () => {
    const idb = browser();
    const records = await open(idb);
    await expect(records.dropKeyIfAlone()).resolves.toBeUndefined();
    await expect(idOf(records, ADA)).resolves.toMatch(HASH);
  });

  describe("a write while another page drops the key", () => {
    /**
     * A and B, two pages of one browser, after A wrote a record for ADA and the record went
     * (`replace(id, null)`): only the key K1 is left, which either page may drop.
     */
    async function alone(subtle: SubtleCrypto = crypto.subtle) {
      const idb = browser();
      const [a, b] = [await open(idb, subtle), await open(idb)];
      const id = await idOf(a, ADA);
      await a.replace(id, null);
      expect(await storedKeys(idb)).toEqual(["key"]);
      const k1 = (await storedKey(idb)).name;
      return { idb, a, b, k1 };
    }

    /** Afterwards: one record, GRACE's, under the key there is, which every page reads. */
    async function written(idb: IDBFactory, a: SignupTable) {
      const id = await hashUnderStoredKey(idb, GRACE);
      await expect(a.entries()).resolves.toEqual([[id, FAILED]]);
      await expect(a.read(GRACE)).resolves.toEqual(FAILED);
      const c = await open(idb);
      await expect(c.read(GRACE)).resolves.toEqual(FAILED);
      await expect(c.entries()).resolves.toEqual([[id, FAILED]]);
      expect(await storedKeys(idb)).toHaveLength(2);
    }

    // Before the fix, write put the record under the id hashed with K1 after B deleted K1: a
    // record under a hash no stored key makes again, which read (under a new K2) never finds.
    it.each<[string, (a: SignupTable, b: SignupTable) => Promise<unknown>]>([
      ["the write first", (a, b) => Promise.all([a.write(GRACE, FAILED), b.dropKeyIfAlone()])],
      ["the drop first", (a, b) => Promise.all([b.dropKeyIfAlone(), a.write(GRACE, FAILED)])],
      [
        "the drop while the write's key read is pending",
        async (a, b) => {
          const writing = a.write(GRACE, FAILED);
          await b.dropKeyIfAlone();
          await writing;
        },
      ],
      [
        "the drop once the write is done",
        async (a, b) => {
          await a.write(GRACE, FAILED);
          await b.dropKeyIfAlone();
        },
      ],
    ])("%s: the record is under the key there is", async (_, race) => {
      const { idb, a, b } = await alone();
      await race(a, b);
      await written(idb, a);
    });

    it("the drop between the write's key read and its write: made again under a new key", async () => {
      // A's first hash waits until B has dropped the key A has just read.
      let hashing!: () => void;
      const hashed = new Promise<void>((resolve) => {
        hashing = resolve;
      });
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let armed = false;
      const sign = vi.fn(async (...args: Parameters<SubtleCrypto["sign"]>) => {
        if (armed) {
          armed = false;
          hashing();
          await held;
        }
        return crypto.subtle.sign(...args);
      });
      const subtle = {
        generateKey: (...args: Parameters<SubtleCrypto["generateKey"]>) =>
          crypto.subtle.generateKey(...args),
        sign,
      } as unknown as SubtleCrypto;
      const { idb, a, b, k1 } = await alone(subtle);

      armed = true;
      const writing = a.write(GRACE, FAILED);
      await hashed;
      await b.dropKeyIfAlone();
      expect(await storedKeys(idb)).toEqual([]);
      release();
      await writing;

      const k2 = (await storedKey(idb)).name;
      expect(k2).not.toBe(k1);
      // Hashed under K1 (held), then again under K2.
      expect(sign).toHaveBeenCalledTimes(3);
      await written(idb, a);
    });

    it("the drop once the record is there keeps the key", async () => {
      const { idb, a, b, k1 } = await alone();
      await a.write(GRACE, FAILED);
      await b.dropKeyIfAlone();
      await expect(storedKey(idb)).resolves.toMatchObject({ name: k1 });
      await written(idb, a);
    });
  });
});

describe("memoryTable", () => {
  it("keeps records by address in lower case, for this page only", async () => {
    const records = memoryTable();
    await records.write("Ada@Example.COM", DELIVERED);
    await expect(records.entries()).resolves.toEqual([[ADA, DELIVERED]]);
    await records.dropKeyIfAlone();
    await expect(records.read(ADA)).resolves.toEqual(DELIVERED);
    await expect(memoryTable().read(ADA)).resolves.toBeUndefined();
    await records.replace(ADA, null);
    await expect(records.entries()).resolves.toEqual([]);
  });
});
