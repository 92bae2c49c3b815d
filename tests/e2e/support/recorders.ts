/**
 * The recorders the test kit arms in every page of a test's context before it loads (fixtures.ts):
 * each tab's toasts (tab-records.ts reads them), what a screen reader hears (live-regions.ts) and the
 * requests to EmailJS awaiting their answer (held-requests.ts's watchRequests). Each keeps its record on `window`,
 * read through pageRecord (page-record.ts), which throws at once in a page where it was not armed.
 */
import type { BrowserContext } from "@playwright/test";

export const TOASTS_RECORD = "__tabToasts";
export const LIVE_REGIONS_RECORD = "__liveRegions";
export const REQUESTS_RECORD = "__requestsAwaitingAnswers";

/** Where EmailJS's API takes requests, as the SDK calls it. */
export const EMAIL_API_PATH = "/api/v1.0/email/";

export type ToastShown = {
  /** The toast's text, whitespace collapsed: title and description. */
  text: string;
  /** The page's clock (performance.now()) when it was first seen open, and when it closed. */
  shownAt: number;
  closedAt?: number;
  /** Each path the tab was on while the toast was open and visible, in order. */
  seenOn: string[];
};

/** One new text a live region came to hold, and whether it was said assertively. */
export type Heard = { text: string; assertive: boolean };

/** Records each toast from the first byte: its text, where it was seen open, when it opened and closed. */
export function toastRecorder(name: string) {
  const record: { toasts: ToastShown[] } = { toasts: [] };
  Object.assign(window, { [name]: record });
  const open = new Map<Element, ToastShown>();
  const look = () => {
    const now = performance.now();
    const items = document.querySelectorAll('[role="region"][aria-label^="Notifications"] li');
    for (const [item, entry] of open) {
      if (!item.isConnected || item.getAttribute("data-state") !== "open") {
        entry.closedAt = now;
        open.delete(item);
      }
    }
    for (const item of items) {
      if (item.getAttribute("data-state") !== "open" || !item.checkVisibility()) continue;
      let entry = open.get(item);
      if (!entry) {
        entry = { text: "", shownAt: now, seenOn: [] };
        open.set(item, entry);
        record.toasts.push(entry);
      }
      entry.text = (item.textContent ?? "").replace(/\s+/g, " ").trim();
      if (entry.seenOn.at(-1) !== location.pathname) entry.seenOn.push(location.pathname);
    }
  };
  new MutationObserver(look).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  });
}

/**
 * Records each new text a live region comes to hold (aria-live polite or assertive, or a status,
 * alert or log role not switched off), whitespace collapsed, and whether it was assertive (Radix's
 * announcement of a destructive toast stays in the page for one second only: polling can miss it).
 */
function liveRegionRecorder(name: string) {
  const heard: Heard[] = [];
  Object.assign(window, { [name]: heard });
  const last = new WeakMap<Element, string>();
  const LIVE =
    '[aria-live="polite"], [aria-live="assertive"], [role="status"]:not([aria-live="off"]), [role="alert"]:not([aria-live="off"]), [role="log"]:not([aria-live="off"])';
  const listen = () => {
    for (const region of document.querySelectorAll(LIVE)) {
      // A region inside another live region is said as part of it.
      if (region.parentElement?.closest(LIVE)) continue;
      const text = (region.textContent ?? "").replace(/\s+/g, " ").trim();
      const live = region.getAttribute("aria-live");
      const assertive =
        live === "assertive" || (live === null && region.getAttribute("role") === "alert");
      if (text !== (last.get(region) ?? "") && text !== "") heard.push({ text, assertive });
      last.set(region, text);
    }
  };
  new MutationObserver(listen).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  });
}

/** Keeps, where the page calls `fetch`, one promise per request to EmailJS, settled once its answer is read. */
function requestRecorder({ name, path }: { name: string; path: string }) {
  const awaiting: Promise<void>[] = [];
  Object.assign(window, { [name]: awaiting });
  const plainFetch = window.fetch;
  window.fetch = (input, init) => {
    const response = plainFetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    if (method.toUpperCase() === "POST" && url.pathname.startsWith(path)) {
      awaiting.push(
        response
          .then((answer) => answer.clone().text())
          .then(
            () => undefined,
            () => undefined,
          ),
      );
    }
    return response;
  };
}

/**
 * Arms every recorder in each page `context` loads from now on: the fixture does it for the test's
 * own context; a test that launches a browser or makes a context of its own calls it before the
 * first navigation.
 */
export async function armRecorders(context: BrowserContext): Promise<void> {
  await context.addInitScript(toastRecorder, TOASTS_RECORD);
  await context.addInitScript(liveRegionRecorder, LIVE_REGIONS_RECORD);
  await context.addInitScript(requestRecorder, { name: REQUESTS_RECORD, path: EMAIL_API_PATH });
}
