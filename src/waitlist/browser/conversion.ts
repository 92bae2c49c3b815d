/**
 * The /success conversion event (docs/behaviour.md, "Conversion event"): one console line, and a dataLayer push where one
 * exists, only on an arrival from a send: /success shown by the app after this tab delivered a
 * signup, not /success loaded as a page (a direct visit, a reload, a bookmark, Back or Forward)
 * and not after a filled honeypot or an address already sent, which send nothing.
 */
import type { BrowserWaitlist } from "./browser-signup";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

const CONVERSION_EVENT = "waitlist_signup";

/** Whether the document itself was loaded at the path shown now (not reached inside the app). */
function loadedAsThisPage(): boolean {
  const [entry] = performance.getEntriesByType("navigation");
  // Without Navigation Timing the arrival cannot be told apart: the tab's signup decides alone.
  if (!entry) return false;
  return new URL(entry.name).pathname === window.location.pathname;
}

/**
 * Logs the conversion if this view of /success is an arrival from a send (the page's `waitlist`
 * knows whether this tab sent one); says whether it did.
 */
export function logConversion(waitlist: Pick<BrowserWaitlist, "signedUpHere">): boolean {
  if (loadedAsThisPage() || !waitlist.signedUpHere()) return false;
  console.log(`[conversion] ${CONVERSION_EVENT}`, {
    page: window.location.pathname,
    at: new Date().toISOString(),
  });
  if (Array.isArray(window.dataLayer)) window.dataLayer.push({ event: CONVERSION_EVENT });
  return true;
}
