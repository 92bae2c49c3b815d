import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { keyedHash } from "./keyed-hash";

const base64 = (hex: string) => Buffer.from(hex, "hex").toString("base64");

describe("the keyed hash", () => {
  it("is HMAC-SHA-256 under the key's characters, as RFC 4231 gives it", async () => {
    const { hash } = keyedHash(crypto);
    // RFC 4231, test case 2: the key "Jefe".
    await expect(hash("Jefe", "what do ya want for nothing?")).resolves.toBe(
      base64("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
    );
  });

  it("gives each key its own hashes of one address", async () => {
    const { newKey, hash } = keyedHash(crypto);
    const [first, second] = [newKey(), newKey()];
    const expected = createHmac("sha256", first).update("ada@example.com").digest("base64");
    await expect(hash(first, "ada@example.com")).resolves.toBe(expected);
    await expect(hash(second, "ada@example.com")).resolves.not.toBe(expected);
  });

  it("makes a new random key each time: a random UUID", () => {
    const { newKey } = keyedHash(crypto);
    const keys = new Set(Array.from({ length: 8 }, newKey));
    expect(keys.size).toBe(8);
    for (const key of keys)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("rejects where the browser has no WebCrypto (an insecure context)", async () => {
    const insecure = { getRandomValues: crypto.getRandomValues.bind(crypto) } as Crypto;
    const { newKey, hash } = keyedHash(insecure);
    expect(newKey).toThrow();
    await expect(hash("key", "ada@example.com")).rejects.toThrow();
  });
});
