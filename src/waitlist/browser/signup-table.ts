/** Where the signups' records live (docs/behaviour.md, "What the browser keeps"). */

/** The records: by address for a delivery, by id (the address's hash) for the expiry's sweep. */
export type SignupTable = {
  read(email: string): Promise<unknown>;
  /** Writes an address's record (null removes it), under the key its id was made with. */
  write(email: string, value: unknown): Promise<void>;
  entries(): Promise<[string, unknown][]>;
  replace(id: string, value: unknown): Promise<void>;
  /** Removes the key once no record is left: a later signup gets a new one. */
  dropKeyIfAlone(): Promise<void>;
};

export const DATABASE = "bulwark";
export const RECORDS = "signups";
/** The id of the hashes' key in the store: no hash, whose text is base64, reads this way. */
const KEY_ID = "key";

/**
 * Runs `work` in one transaction of the records' store; resolves with what the getter it returns
 * gives once the transaction has committed (only then may the lock go to another tab).
 */
function transact<T>(
  db: IDBDatabase,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => () => T,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(RECORDS, mode);
    const outcome = work(transaction.objectStore(RECORDS));
    transaction.oncomplete = () => resolve(outcome());
    transaction.onerror = transaction.onabort = () => reject(transaction.error);
  });
}

const readAt = (db: IDBDatabase, id: string) =>
  transact(db, "readonly", (store) => {
    const request = store.get(id);
    return () => request.result as unknown;
  });

/** Calls `then` with a request's result, inside its transaction. */
const onResult = <T>(request: IDBRequest<T>, then: (value: T) => void) => {
  request.onsuccess = () => then(request.result);
};

const utf8 = (text: string) => new TextEncoder().encode(text);
const base64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const HMAC = { name: "HMAC", hash: "SHA-256" } as const;

/** The browser's key, and the random name that tells it from a key made after it. */
type Key = { key: CryptoKey; name: string };

const isKey = (value: unknown): value is Key =>
  typeof value === "object" && value !== null && (value as Key).key instanceof CryptoKey;

/** The stored key, or one made now and put only where none is yet: two tabs end with the same. */
async function keyOf(db: IDBDatabase, subtle: SubtleCrypto): Promise<Key> {
  const stored = await readAt(db, KEY_ID);
  if (isKey(stored)) return stored;
  const made: Key = {
    key: (await subtle.generateKey(HMAC, false, ["sign"])) as CryptoKey,
    name: crypto.randomUUID(),
  };
  return transact(db, "readwrite", (store) => {
    let key = made;
    onResult(store.get(KEY_ID), (found) => {
      if (isKey(found)) key = found;
      else store.put(made, KEY_ID);
    });
    return () => key;
  });
}

/** The records in IndexedDB; null if it has none and `create` is false; rejects where refused. */
export async function indexedTable(
  idb: IDBFactory,
  subtle: SubtleCrypto,
  create: boolean,
): Promise<SignupTable | null> {
  const opening = idb.open(DATABASE, 1);
  let absent = false;
  opening.onupgradeneeded = ({ oldVersion }) => {
    absent = oldVersion === 0 && !create;
    if (absent) opening.transaction?.abort();
    else opening.result.createObjectStore(RECORDS);
  };
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error);
  }).catch((error: unknown) => {
    if (absent) return null;
    throw error;
  });
  if (!db) return null;
  // A later deploy that changes the database: this page lets go, and its next start opens anew.
  db.onversionchange = () => db.close();
  const idOf = async (email: string) => {
    const key = await keyOf(db, subtle);
    return { id: base64(await subtle.sign(HMAC, key.key, utf8(email.toLowerCase()))), key };
  };
  return {
    read: async (email) => readAt(db, (await idOf(email)).id),
    async write(email, value) {
      // Another page may have dropped the key (no record left) since the id was made: the write
      // checks the key in its own transaction, and is made again under the key there is now.
      for (;;) {
        const { id, key } = await idOf(email);
        const written = await transact(db, "readwrite", (store) => {
          let same = false;
          onResult(store.get(KEY_ID), (stored) => {
            same = isKey(stored) && stored.name === key.name;
            if (!same) return;
            if (value === null) store.delete(id);
            else store.put(value, id);
          });
          return () => same;
        });
        if (written) return;
      }
    },
    entries: () =>
      transact(db, "readonly", (store) => {
        const ids = store.getAllKeys();
        const values = store.getAll();
        return () =>
          ids.result.flatMap((id, at): [string, unknown][] =>
            id === KEY_ID ? [] : [[String(id), values.result[at]]],
          );
      }),
    replace: (id, value) =>
      transact(db, "readwrite", (store) => {
        if (value === null) store.delete(id);
        else store.put(value, id);
        return () => undefined;
      }),
    dropKeyIfAlone: () =>
      transact(db, "readwrite", (store) => {
        onResult(store.getAllKeys(), (ids) => {
          if (ids.length === 1 && ids[0] === KEY_ID) store.delete(KEY_ID);
        });
        return () => undefined;
      }),
  };
}

/** The page's memory, where site data is blocked: by address, gone with the page. */
export function memoryTable(): SignupTable {
  const records = new Map<string, unknown>();
  const replace = async (id: string, value: unknown) => {
    if (value === null) records.delete(id);
    else records.set(id, value);
  };
  return {
    read: async (email) => records.get(email.toLowerCase()),
    write: (email, value) => replace(email.toLowerCase(), value),
    entries: async () => [...records],
    replace,
    dropKeyIfAlone: async () => {},
  };
}
