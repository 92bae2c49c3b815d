/**
 * Plausible's official tracker, set up for the field signals (field-signals.ts), in a chunk of its own
 * that loads at idle, only in a build with VITE_PLAUSIBLE_DOMAIN. Page views are sent by the app
 * (not on the tracker's own schedule), local events only to a local collector, and every event
 * passes `transformRequest`: its URL cleaned (event-url.ts, its source parameters judged by
 * source-parameters.ts, loaded first only where the page's URL has a query), its referrer cut to an
 * origin, and any event that is not one of the signals dropped.
 *
 * What it keeps: no cookie and no storage write (it reads `localStorage.plausible_ignore`,
 * Plausible's opt-out switch, and writes nothing; nothing on `window` either). In memory, for the
 * page's life, it keeps its settings and, for the last page view, the cleaned URL and props it was
 * sent with, how long the page was in view and how far it was scrolled: that is its "engagement"
 * event, sent as is (it does not pass `transformRequest`) when the page is hidden, loses focus or
 * the next page view goes. It listens for focus, visibility, scroll and the page's size, and for
 * clicks and submits on elements tagged for it.
 */
import { init, type PlausibleRequestPayload, track } from "@plausible-analytics/tracker";
import { PLAUSIBLE_DOMAIN, PLAUSIBLE_ENDPOINT, PLAUSIBLE_LOCAL } from "./build-constants";
import { eventUrl, referrerOrigin, type SourceCheck } from "./event-url";
import { isFieldEventName, type TrackedEvent } from "./events";

/** The event as it is sent, or null: not one of the field events, or not a web page's URL. */
function cleanEvent(
  payload: PlausibleRequestPayload,
  keep: SourceCheck | undefined,
): PlausibleRequestPayload | null {
  const url = eventUrl(payload.u, keep);
  if (url === null || !isFieldEventName(payload.n)) return null;
  return { ...payload, u: url, r: referrerOrigin(payload.r) };
}

export async function startTracker(): Promise<(event: TrackedEvent) => void> {
  // Which source parameters to send (source-parameters.ts, a chunk of its own), loaded only for a
  // page whose URL has a query: without a query none is sent. Should it fail to load, the tracker
  // does not start, as when its own chunk fails (field-signals.ts).
  const keep: SourceCheck | undefined = location.search
    ? (await import("./source-parameters")).isKeptSource
    : undefined;
  init({
    domain: PLAUSIBLE_DOMAIN,
    endpoint: PLAUSIBLE_ENDPOINT,
    autoCapturePageviews: false,
    captureOnLocalhost: PLAUSIBLE_LOCAL,
    logging: false,
    bindToWindow: false,
    transformRequest: (payload) => cleanEvent(payload, keep),
  });
  // Plausible's own `track`: it posts the event at once (field-signals.ts tracks it for the page).
  return (event) =>
    track(event.name, {
      url: event.url,
      ...("props" in event ? { props: event.props } : {}),
    });
}
