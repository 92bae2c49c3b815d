/**
 * What this browser remembers about waitlist signups (PRODUCT.md §1, "No lost signups"): the address
 * of a failed send, to re-offer after a reload; the addresses already sent, so the same one is never
 * emailed twice; and whether this tab signed up, for the conversion event.
 */
import { readItem, removeItem, writeItem } from "./browser-storage";

const PENDING_KEY = "bulwark:waitlist:pending";
const SENT_KEY = "bulwark:waitlist:sent";
const TAB_SIGNUP_KEY = "bulwark:waitlist:signed-up";

export function readPendingEmail(): string {
  return readItem("local", PENDING_KEY) ?? "";
}

export function keepPendingEmail(email: string): void {
  writeItem("local", PENDING_KEY, email);
}

function readSentEmails(): string[] {
  try {
    const parsed: unknown = JSON.parse(readItem("local", SENT_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((item) => typeof item === "string") : [];
  } catch {
    return [];
  }
}

export function wasAlreadySent(email: string): boolean {
  return readSentEmails().includes(email.toLowerCase());
}

/** Records a delivered signup: clears the pending address and marks this tab as signed up. */
export function rememberSent(email: string): void {
  const sent = new Set(readSentEmails());
  sent.add(email.toLowerCase());
  writeItem("local", SENT_KEY, JSON.stringify([...sent]));
  removeItem("local", PENDING_KEY);
  writeItem("session", TAB_SIGNUP_KEY, "1");
}

export function signedUpInThisTab(): boolean {
  return readItem("session", TAB_SIGNUP_KEY) === "1";
}
