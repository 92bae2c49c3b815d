/** The /success conversion event (PRODUCT.md §1): one console line, and a dataLayer push where one exists. */
import { browserSignupMemory } from "./signup/browser-signup";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

const CONVERSION_EVENT = "waitlist_signup";

export function logConversion(): void {
  console.log(`[conversion] ${CONVERSION_EVENT}`, {
    page: window.location.pathname,
    signupInThisTab: browserSignupMemory().signedUpInThisTab(),
    at: new Date().toISOString(),
  });
  if (Array.isArray(window.dataLayer)) window.dataLayer.push({ event: CONVERSION_EVENT });
}
