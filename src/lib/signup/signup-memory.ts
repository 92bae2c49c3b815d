/**
 * What this browser remembers about waitlist signups (PRODUCT.md §1, "No lost signups"): the address
 * of a failed send, to re-offer after a reload; the addresses already sent, so the same one is never
 * emailed twice; and whether this tab signed up, for the conversion event.
 */
import type { KeyValueStore } from "../browser-storage";

const PENDING_KEY = "bulwark:waitlist:pending";
const SENT_KEY = "bulwark:waitlist:sent";
const TAB_SIGNUP_KEY = "bulwark:waitlist:signed-up";

export type SignupMemory = ReturnType<typeof createSignupMemory>;

/** `site` outlives the tab (localStorage); `tab` lives as long as the tab (sessionStorage). */
export function createSignupMemory({ site, tab }: { site: KeyValueStore; tab: KeyValueStore }) {
  function sentEmails(): string[] {
    try {
      const parsed: unknown = JSON.parse(site.getItem(SENT_KEY) ?? "[]");
      return Array.isArray(parsed) ? parsed.filter((item) => typeof item === "string") : [];
    } catch {
      return [];
    }
  }

  return {
    pendingEmail: (): string => site.getItem(PENDING_KEY) ?? "",
    keepPending: (email: string): void => site.setItem(PENDING_KEY, email),
    wasSent: (email: string): boolean => sentEmails().includes(email.toLowerCase()),
    /** Records a delivered signup: clears the pending address and marks this tab as signed up. */
    rememberSent(email: string): void {
      const sent = new Set(sentEmails());
      sent.add(email.toLowerCase());
      site.setItem(SENT_KEY, JSON.stringify([...sent]));
      site.removeItem(PENDING_KEY);
      tab.setItem(TAB_SIGNUP_KEY, "1");
    },
    signedUpInThisTab: (): boolean => tab.getItem(TAB_SIGNUP_KEY) === "1",
  };
}
