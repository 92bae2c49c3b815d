/**
 * The field signals' first-party endpoint on every host (docs/deploying.md, "The field signals'
 * endpoint, per host"): one Web-standard handler, a `Request` in and a `Response` out, bundled by
 * the build into Cloudflare's worker, Netlify's edge function and Vercel's middleware
 * (./bundle.ts). It forwards only the site's own events, posted from its own pages: for its
 * Plausible domain, named as its tracker names them, with only the fields and properties it sends
 * (./event-props.ts), about a page of its own origin, their URLs cleaned again by the tracker's own
 * cleaner (src/analytics/event-url.ts). Of the visitor's request it passes nothing else: no cookie,
 * no Authorization, no address the request claims for itself.
 * No Node API here: it runs in workerd, Deno and Vercel's edge runtime.
 */
import { eventUrl, referrerOrigin } from "../../../src/analytics/event-url";
import { isTrackerEventName } from "../../../src/analytics/events";
import { isKeptSource } from "../../../src/analytics/source-parameters";
import { isAllowedProps } from "./event-props";

/** What the build fixes in each host's copy of the handler. */
export type EventProxySettings = {
  /** The endpoint's path (VITE_PLAUSIBLE_ENDPOINT): each host's wrapper passes any other on. */
  path: string;
  /** The site's domain in Plausible (VITE_PLAUSIBLE_DOMAIN): an event for another is refused. */
  domain: string;
  /** Plausible's Events API (PLAUSIBLE_UPSTREAM), an http(s) URL. */
  upstream: string;
  /** The site's security headers and Cache-Control, on every answer (scripts/build/http-headers.ts). */
  answerHeaders: Record<string, string>;
};

/** What one request brings besides itself: the host's word for the visitor's address. */
export type EventProxyCall = {
  /**
   * The visitor's address as the host's edge saw the connection (a header the host sets itself and
   * overwrites on every request), never a header the client could set; undefined when unknown.
   */
  visitorAddress: string | undefined;
  /** The upstream's `fetch`: the runtime's own, a stand-in in tests. */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** How long the upstream has to answer in full, in ms (UPSTREAM_LIMIT_MS by default). */
  limitMs?: number;
};

/** An event is a few hundred bytes of JSON; Plausible's own tracker never sends 4 KiB. */
export const MAX_EVENT_BYTES = 4096;
/** An upstream that has not answered in full by then gets a 504 in its place, not a hang. */
export const UPSTREAM_LIMIT_MS = 10_000;
/** Plausible's tracker posts JSON as text/plain (no CORS preflight); other clients as JSON. */
const EVENT_TYPES = ["application/json", "text/plain"];
/** The request headers Plausible needs (its Events API reference), and no other. */
const PASSED_HEADERS = ["user-agent"];
/** The type every event goes upstream as: the body is JSON the proxy wrote, whatever was claimed. */
const EVENT_TYPE_SENT = "text/plain";
/**
 * Every answer's type, whatever the upstream said: an upstream's `text/html` never becomes a page
 * on the site's origin.
 */
const ANSWER_TYPE = "text/plain; charset=utf-8";

class Refusal {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {}
}

function answer(
  settings: EventProxySettings,
  status: number,
  body: BodyInit | null,
  headers: Record<string, string> = {},
): Response {
  return new Response(body, {
    status,
    headers: { ...headers, "content-type": ANSWER_TYPE, ...settings.answerHeaders },
  });
}

function refused(settings: EventProxySettings, { status, reason }: Refusal): Response {
  return answer(settings, status, `${reason}\n`, status === 405 ? { allow: "POST" } : {});
}

/** The request is for the endpoint: each host's wrapper passes any other on as that host does. */
export function isEndpoint(request: Request, settings: EventProxySettings): boolean {
  return new URL(request.url).pathname === settings.path;
}

/**
 * Posted by a page of another site: a browser says so in `Sec-Fetch-Site` (the tracker's own post
 * is `same-origin`) and in `Origin`. A request with neither (no browser sends a POST so) is judged
 * by its event alone.
 */
function crossSite(request: Request, site: string): boolean {
  const fetchSite = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  return (
    (fetchSite !== null && fetchSite !== "same-origin") || (origin !== null && origin !== site)
  );
}

/** The media type alone, lower-cased: `text/plain; charset=UTF-8` is `text/plain`. */
function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** The body, read no further than MAX_EVENT_BYTES whatever Content-Length claimed. */
async function boundedBody(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get("content-length");
  if (declared !== null && !(Number(declared) <= MAX_EVENT_BYTES)) {
    throw new Refusal(413, "The event is too large.");
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_EVENT_BYTES) {
      await reader.cancel().catch(() => {});
      throw new Refusal(413, "The event is too large.");
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/** The headers sent upstream: the allowlist, and the host's word for the visitor's address. */
function upstreamHeaders(request: Request, visitorAddress: string | undefined): Headers {
  const headers = new Headers({ "content-type": EVENT_TYPE_SENT });
  for (const name of PASSED_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const address = visitorAddress?.trim();
  if (address) {
    headers.set("x-forwarded-for", address);
    headers.set("x-plausible-ip", address);
  }
  return headers;
}

type Event = Record<string, unknown>;

/** The body as an event object, or a refusal. */
function parsedEvent(body: Uint8Array<ArrayBuffer>): Event {
  let event: unknown;
  try {
    event = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch {
    event = null;
  }
  if (typeof event !== "object" || event === null || Array.isArray(event)) {
    throw new Refusal(400, "An event is a JSON object.");
  }
  return event as Event;
}

/**
 * The fields the site's tracker sends (Plausible's tracker: `track` and its engagement events), and
 * no other: not Plausible's revenue (`$`), `i`, `h`, or the long names it also reads (`name`,
 * `props`, `meta`…).
 */
const TRACKED_FIELDS = ["n", "v", "d", "u", "r", "p"];
const ENGAGEMENT_FIELDS = ["n", "v", "d", "u", "p", "sd", "e"];
/** The tracker's version and an engagement's scroll depth and time: each a whole number. */
const COUNT_FIELDS = ["v", "sd", "e"];

const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * The event as it goes upstream, if it is one of the site's own: for its domain, named as its
 * tracker names events, with only the fields the tracker sends, its properties those of its name
 * (./event-props.ts), about a page of `site`; its URL and referrer cleaned as the tracker cleans
 * them (an event the tracker sent passes byte for byte). Else a refusal.
 */
function siteEvent(event: Event, settings: EventProxySettings, site: string): Event {
  if (event.d !== settings.domain) throw new Refusal(400, "The event is for another site.");
  if (typeof event.n !== "string" || !isTrackerEventName(event.n)) {
    throw new Refusal(400, "The event is none of those this site sends.");
  }
  const fields = event.n === "engagement" ? ENGAGEMENT_FIELDS : TRACKED_FIELDS;
  if (!Object.keys(event).every((field) => fields.includes(field))) {
    throw new Refusal(400, "The event has a field this site's tracker never sends.");
  }
  if (!COUNT_FIELDS.every((field) => !Object.hasOwn(event, field) || isCount(event[field]))) {
    throw new Refusal(400, "The event's counts are not whole numbers.");
  }
  if (Object.hasOwn(event, "p") && !isAllowedProps(event.n, event.p)) {
    throw new Refusal(400, "The event's properties are none of those this site sends.");
  }
  const url = typeof event.u === "string" ? eventUrl(event.u, isKeptSource) : null;
  if (url === null || new URL(url).origin !== site) {
    throw new Refusal(400, "The event is about a page of another site.");
  }
  const cleaned: Event = { ...event, u: url };
  if ("r" in event) cleaned.r = typeof event.r === "string" ? referrerOrigin(event.r) : null;
  return cleaned;
}

/** Forwards one of the site's own events and answers with Plausible's status and body, or why not. */
export async function handleEvent(
  request: Request,
  settings: EventProxySettings,
  call: EventProxyCall,
): Promise<Response> {
  try {
    if (request.method !== "POST") throw new Refusal(405, "Events are posted.");
    if (!EVENT_TYPES.includes(mediaType(request))) {
      throw new Refusal(415, "An event is JSON or plain text.");
    }
    const site = new URL(request.url).origin;
    // 400, not 403: Netlify's CLI takes an edge function's 403 or 404 for a missing file and
    // serves what it finds at `<path>.html` instead (its "alternative paths").
    if (crossSite(request, site)) throw new Refusal(400, "Events come from this site's pages.");
    const event = siteEvent(parsedEvent(await boundedBody(request)), settings, site);
    const body = new TextEncoder().encode(JSON.stringify(event));
    return await forward(body, upstreamHeaders(request, call.visitorAddress), settings, call);
  } catch (error) {
    if (error instanceof Refusal) return refused(settings, error);
    throw error;
  }
}

/** Statuses whose answer has no body (the Fetch standard's null body status). */
const NULL_BODY_STATUSES = [101, 103, 204, 205, 304];

function whenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, fail) => {
    if (signal.aborted) fail(new Error("aborted"));
    signal.addEventListener("abort", () => fail(new Error("aborted")));
  });
}

async function forward(
  event: Uint8Array<ArrayBuffer>,
  headers: Headers,
  settings: EventProxySettings,
  call: EventProxyCall,
): Promise<Response> {
  const upstreamFetch = call.fetch ?? fetch;
  const stop = new AbortController();
  let late = false;
  const timer = setTimeout(() => {
    late = true;
    stop.abort();
  }, call.limitMs ?? UPSTREAM_LIMIT_MS);
  try {
    // The bound holds even where a runtime's fetch would not honour the signal.
    const sent = upstreamFetch(settings.upstream, {
      method: "POST",
      headers,
      body: event,
      // Never followed: a redirect would take the event, and the visitor's address with it,
      // elsewhere ("manual", as Cloudflare's workers take no "error").
      redirect: "manual",
      signal: stop.signal,
    });
    const reply = await Promise.race([sent, whenAborted(stop.signal)]);
    // Read in full under the same bound: an upstream that sends its headers and stalls is late too.
    const received = await Promise.race([reply.arrayBuffer(), whenAborted(stop.signal)]);
    const content = NULL_BODY_STATUSES.includes(reply.status) ? null : received;
    return answer(settings, reply.status, content);
  } catch {
    if (late) throw new Refusal(504, "The analytics service did not answer in time.");
    throw new Refusal(502, "The event could not be forwarded.");
  } finally {
    clearTimeout(timer);
  }
}
