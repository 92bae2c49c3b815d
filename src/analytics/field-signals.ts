/**
 * The field signals (docs/analytics.md): page views and the signup funnel as Plausible events, only
 * in a build with VITE_PLAUSIBLE_DOMAIN. Every caller guards its call with `__ANALYTICS_ON__`, so a
 * build without it drops them all and is byte for byte the build before. Events wait in memory
 * until the app is idle, then Plausible's tracker (its own chunk, plausible-tracker.ts) loads and
 * sends them; with Global Privacy Control or Do Not Track on, nothing is ever sent or loaded. No
 * event carries the visitor's address or anything typed: names and properties are fixed words.
 */

import { retryingImport } from "@/lib/retrying-import";
import type { Recorded, Signal } from "./events";

export type { Recorded, Signal };

type Send = (recorded: Recorded) => void;

/** The visitor asked sites not to track or sell their data: nothing is sent. */
function optedOut(): boolean {
  const browser = navigator as Navigator & { globalPrivacyControl?: boolean };
  return browser.globalPrivacyControl === true || navigator.doNotTrack === "1";
}

const loadTracker = /* @__PURE__ */ retryingImport(
  async (): Promise<Send> => (await import("./plausible-tracker")).startTracker(),
);

let queue: Recorded[] | undefined = [];
let send: Send | undefined;

/**
 * Starts the tracker (the app calls it once idle; the load test passes a sender of its own); events
 * signalled before then wait for it. Its imports are only modules the app loads anyway: without the
 * setting, this file leaves no trace.
 */
export function startSignals(load: () => Promise<Send> = loadTracker): void {
  if (optedOut()) {
    queue = undefined;
    return;
  }
  load().then(
    (loaded) => {
      send = loaded;
      for (const waiting of queue ?? []) loaded(waiting);
      queue = undefined;
    },
    // Offline, or a redeploy removed the chunk: the signals of this page view are lost, never the
    // page's own work.
    () => {},
  );
}

let lastPageView: string | undefined;

/** Records `event`: sent once the tracker runs, dropped where the visitor opted out. */
export function signal(event: Signal): void {
  const recorded = { ...event, url: location.href };
  if (event.name === "pageview") {
    // One view of a page, however often its component mounts (StrictMode mounts it twice).
    if (recorded.url === lastPageView) return;
    lastPageView = recorded.url;
  }
  if (send) send(recorded);
  else queue?.push(recorded);
}

/**
 * The visitor's first focus or typing in the field, once per page view: "Form Start". Called as the
 * app starts: a field already focused or holding text was started before it (typed into, perhaps
 * even submitted, while the page loaded; the app's own put-back of a kept address comes after).
 */
export function signalFormStart(field: HTMLInputElement): void {
  const start = () => {
    field.removeEventListener("focus", start);
    field.removeEventListener("input", start);
    signal({ name: "Form Start" });
  };
  if (field.ownerDocument.activeElement === field || field.value !== "") {
    start();
    return;
  }
  field.addEventListener("focus", start);
  field.addEventListener("input", start);
}
