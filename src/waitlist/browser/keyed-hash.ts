/**
 * The keyed hash a delivered signup is remembered by (docs/behaviour.md, "What the browser keeps"):
 * HMAC-SHA-256 from the browser's own WebCrypto, under a random 256-bit key made for this browser.
 * WebCrypto's `subtle` exists only in a secure context (https:, or http://127.0.0.1 and localhost):
 * elsewhere `hash` rejects and the memory keeps the signup for the page only.
 */
import type { KeyedHash } from "@/waitlist/core/signup-memory";

const KEY_BYTES = 32;

const toBase64 = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)));

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

export function keyedHash(crypto: Crypto): KeyedHash {
  return {
    newKey: () => toBase64(crypto.getRandomValues(new Uint8Array(KEY_BYTES))),
    async hash(key, text) {
      const hmac = { name: "HMAC", hash: "SHA-256" };
      const secret = await crypto.subtle.importKey("raw", fromBase64(key), hmac, false, ["sign"]);
      return toBase64(await crypto.subtle.sign(hmac, secret, new TextEncoder().encode(text)));
    },
  };
}
