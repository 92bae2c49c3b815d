/**
 * The field signals (docs/analytics.md): page views and the signup funnel as Plausible events, only
 * in a build with VITE_PLAUSIBLE_DOMAIN. Every caller guards its call with `__ANALYTICS_ON__`, so a
 * build without it drops them all and is byte for byte the build before. Events wait in memory
 * until the app is idle, then Plausible's tracker (its own chunk, plausible-tracker.ts) loads and
 * sends them; with Global Privacy Control or Do Not Track on, nothing is ever sent or loaded. No
 * event carries the visitor's address or anything typed: names and properties are fixed words.
 */
import type { FieldEvent, TrackedEvent } from "./events";

export type { FieldEvent, TrackedEvent };

/** Sends one event: Plausible's tracker once started, or a stand-in (the load test, unit tests). */
type Send = (event: TrackedEvent) => void;

/** One page's field signals: what they are told waits for the tracker, then goes in order. */
export type FieldSignals = {
  /**
   * Loads and starts the tracker (the app calls it once idle; the load test passes a sender of its
   * own): events tracked before then wait for it.
   */
  start(load?: () => Promise<Send>): void;
  /** Records `event`: sent once the tracker runs, dropped where the visitor opted out. */
  track(event: FieldEvent): void;
  /**
   * The visitor's first focus or typing in `field`, once per page view: "Form Start". Called as the
   * app starts: a field already focused or holding text was started before it (typed into, perhaps
   * even submitted, while the page loaded; the app's own put-back of a kept address comes after).
   */
  trackFormStart(field: HTMLInputElement): void;
};

/** The visitor asked sites not to track or sell their data: nothing is sent. */
function optedOut(): boolean {
  const browser = navigator as Navigator & { globalPrivacyControl?: boolean };
  return browser.globalPrivacyControl === true || navigator.doNotTrack === "1";
}

/** Its imports are only modules the app loads anyway: without the setting, this file leaves no trace. */
const loadTracker = async (): Promise<Send> => (await import("./plausible-tracker")).startTracker();

export function createFieldSignals(): FieldSignals {
  /** The events tracked before the tracker runs; none once it runs or the visitor opted out. */
  let waiting: TrackedEvent[] | undefined = [];
  let send: Send | undefined;
  let lastPageView: string | undefined;

  function track(event: FieldEvent): void {
    const tracked = { ...event, url: location.href };
    if (event.name === "pageview") {
      // One view of a page, however often its component mounts (StrictMode mounts it twice).
      if (tracked.url === lastPageView) return;
      lastPageView = tracked.url;
    }
    if (send) send(tracked);
    else waiting?.push(tracked);
  }

  return {
    start(load = loadTracker) {
      if (optedOut()) {
        waiting = undefined;
        return;
      }
      load().then(
        (loaded) => {
          send = loaded;
          for (const event of waiting ?? []) loaded(event);
          waiting = undefined;
        },
        // Offline, or a redeploy removed the chunk: the signals of this page view are lost, never
        // the page's own work.
        () => {},
      );
    },
    track,
    trackFormStart(field) {
      const started = () => {
        field.removeEventListener("focus", started);
        field.removeEventListener("input", started);
        track({ name: "Form Start" });
      };
      if (field.ownerDocument.activeElement === field || field.value !== "") {
        started();
        return;
      }
      field.addEventListener("focus", started);
      field.addEventListener("input", started);
    },
  };
}

/**
 * The page's field signals, one object for the page (this module runs once per page): the app, the
 * form's hook and the signup track through it. The load test makes one of its own.
 */
export const fieldSignals: FieldSignals = /* @__PURE__ */ createFieldSignals();
