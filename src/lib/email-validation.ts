/**
 * The waitlist's email rule (PRODUCT.md §1): trimmed, what <input type="email"> accepts (the WHATWG
 * "valid e-mail address"), a domain of two or more labels whose last is 2+ letters, 254 chars at most.
 */

const MAX_EMAIL_LENGTH = 254;

// The WHATWG pattern, verbatim: https://html.spec.whatwg.org/multipage/input.html#valid-e-mail-address
const WHATWG_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const LETTERS_TLD = /^[a-zA-Z]{2,}$/;

export function normalizeEmail(value: string): string {
  return value.trim();
}

export function isValidEmail(value: string): boolean {
  const email = normalizeEmail(value);
  if (email.length === 0 || email.length > MAX_EMAIL_LENGTH) return false;
  if (!WHATWG_EMAIL.test(email)) return false;
  const labels = email.slice(email.indexOf("@") + 1).split(".");
  return labels.length >= 2 && LETTERS_TLD.test(labels[labels.length - 1] ?? "");
}
