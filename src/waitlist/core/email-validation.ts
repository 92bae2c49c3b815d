/** The waitlist's email rule: docs/behaviour.md, "Email validation". */

const MAX_EMAIL_LENGTH = 254;

// Verbatim: https://html.spec.whatwg.org/multipage/input.html#valid-e-mail-address
const WHATWG_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
/** A top-level label of letters, or the ASCII form of an international one (рф is xn--p1ai). */
const TOP_LEVEL_LABEL = /^(?:[a-zA-Z]{2,}|xn--[a-zA-Z0-9-]+)$/;
/** A domain label as a person types it, in any script. */
const UNICODE_LABEL = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?$/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range, on purpose.
const ASCII_ONLY = /^[\u0000-\u007f]*$/;

/** The domain's ASCII form (the URL parser's IDNA), or as given if ASCII or no plain domain. */
function domainToAscii(domain: string): string {
  if (ASCII_ONLY.test(domain)) return domain;
  if (!domain.split(".").every((label) => UNICODE_LABEL.test(label))) return domain;
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return domain;
  }
}

/** The address as it is checked and sent: trimmed, its domain in ASCII. */
export function normalizeEmail(value: string): string {
  const email = value.trim();
  const at = email.lastIndexOf("@");
  if (at === -1) return email;
  return `${email.slice(0, at)}@${domainToAscii(email.slice(at + 1))}`;
}

export function isValidEmail(value: string): boolean {
  const email = normalizeEmail(value);
  if (email.length > MAX_EMAIL_LENGTH || !WHATWG_EMAIL.test(email)) return false;
  const labels = email.slice(email.indexOf("@") + 1).split(".");
  return labels.length >= 2 && TOP_LEVEL_LABEL.test(labels[labels.length - 1] ?? "");
}
