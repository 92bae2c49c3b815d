/**
 * The keyed hash a delivered signup is remembered by (docs/behaviour.md, "What the browser keeps"):
 * HMAC-SHA-256 from the browser's own WebCrypto, under a random key made for this browser (a random
 * UUID: 122 random bits, whose characters are the HMAC key). WebCrypto's `subtle` and `randomUUID`
 * exist only in a secure context (https:, or http://127.0.0.1 and localhost): elsewhere they throw,
 * and the memory keeps the signup for the page only.
 */
import type { KeyedHash } from "@/waitlist/core/signup-memory";

const utf8 = (text: string) => new TextEncoder().encode(text);

export function keyedHash(crypto: Crypto): KeyedHash {
  return {
    newKey: () => crypto.randomUUID(),
    async hash(key, text) {
      const hmac = { name: "HMAC", hash: "SHA-256" };
      const secret = await crypto.subtle.importKey("raw", utf8(key), hmac, false, ["sign"]);
      const mark = new Uint8Array(await crypto.subtle.sign(hmac, secret, utf8(text)));
      return btoa(String.fromCharCode(...mark));
    },
  };
}
