import { describe, expect, it } from "vitest";
import { keyedHash } from "./keyed-hash";

const base64 = (hex: string) => Buffer.from(hex, "hex").toString("base64");

describe("the keyed hash", () => {
  it("is HMAC-SHA-256, as RFC 4231's test cases give it", async () => {
    const { hash } = keyedHash(crypto);
    // RFC 4231, test case 1: a key of 20 bytes 0x0b, "Hi There".
    await expect(hash(base64("0b".repeat(20)), "Hi There")).resolves.toBe(
      base64("b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
    );
    // Test case 2: the key "Jefe".
    await expect(
      hash(Buffer.from("Jefe").toString("base64"), "what do ya want for nothing?"),
    ).resolves.toBe(base64("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"));
  });

  it("makes a new random 256-bit key each time", () => {
    const { newKey } = keyedHash(crypto);
    const keys = new Set(Array.from({ length: 8 }, newKey));
    expect(keys.size).toBe(8);
    for (const key of keys) expect(Buffer.from(key, "base64")).toHaveLength(32);
  });

  it("rejects where the browser has no WebCrypto (an insecure context)", async () => {
    const insecure = { getRandomValues: crypto.getRandomValues.bind(crypto) } as Crypto;
    const { newKey, hash } = keyedHash(insecure);
    await expect(hash(newKey(), "ada@example.com")).rejects.toThrow();
  });
});
