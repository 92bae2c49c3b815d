/** The /success conversion event (docs/behaviour.md, "Conversion event"). */
import type { BrowserWaitlist } from "./browser-signup";

const CONVERSION_EVENT = "waitlist_signup";

/** Whether the document itself was loaded at the path shown now (not reached inside the app). */
function loadedAsThisPage(): boolean {
  const [entry] = performance.getEntriesByType("navigation");
  // Without Navigation Timing the arrival cannot be told apart: the tab's signup decides alone.
  return entry !== undefined && new URL(entry.name).pathname === window.location.pathname;
}

/** Logs the conversion if this view of /success is an arrival from a send; says whether it did. */
export function logConversion(waitlist: Pick<BrowserWaitlist, "signedUpHere">): boolean {
  if (loadedAsThisPage() || !waitlist.signedUpHere()) return false;
  console.log(`[conversion] ${CONVERSION_EVENT}`, {
    page: window.location.pathname,
    at: new Date().toISOString(),
  });
  const { dataLayer } = window as Window & { dataLayer?: unknown };
  if (Array.isArray(dataLayer)) dataLayer.push({ event: CONVERSION_EVENT });
  return true;
}
