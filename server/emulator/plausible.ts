/**
 * Plausible's event API as the emulator speaks it: `POST /api/event` with the JSON payload its
 * tracker (@plausible-analytics/tracker) sends as text/plain, checked strictly for shape and size,
 * each refusal a 400 (or 413, 415) with a text saying what is wrong.
 */
import type { IncomingMessage } from "node:http";
import { HttpError, isPlainObject, kindOf } from "./protocol";

export const EVENT_PATH = "/api/event";

/** A tracker's event is a few hundred bytes; engagement and props included, 2 KB is plenty. */
export const MAX_EVENT_BYTES = 2 * 1024;
/** Plausible's own limits: an event name of 120 characters, 30 custom properties. */
const MAX_NAME_LENGTH = 120;
const MAX_PROPS = 30;
const MAX_PROP_LENGTH = 300;
const MAX_DOMAIN_LENGTH = 253;

/** Revenue, as the tracker sends it (`$`). */
type Revenue = { amount: number | string; currency: string };

/**
 * One event as the tracker sends it: name, URL, domain, referrer and props for every event;
 * `i: false` for a non-interactive one, `h: 1` with hash routing, `sd` (scroll depth, %) and `e`
 * (engaged ms) on "engagement", `v` the tracker's version.
 */
export type PlausibleEvent = {
  n: string;
  u: string;
  d: string;
  r?: string | null;
  p?: Record<string, string>;
  i?: boolean;
  h?: number;
  v?: number;
  sd?: number;
  e?: number;
  $?: Revenue;
};

const KEYS = new Set(["n", "u", "d", "r", "p", "i", "h", "v", "sd", "e", "$"]);

/** What a field held, for a refusal's text: "none" when it is missing. */
function got(value: unknown): string {
  return value === undefined ? "none" : kindOf(value);
}

function refuse(message: string): never {
  throw new HttpError(400, `Invalid event: ${message}`);
}

function checkName(value: unknown): void {
  if (typeof value !== "string" || value.trim() === "") {
    refuse(`n (the event's name) must be a non-empty string; got ${got(value)}.`);
  }
  if (value.length > MAX_NAME_LENGTH) {
    refuse(`n (the event's name) is longer than ${MAX_NAME_LENGTH} characters.`);
  }
}

function checkUrl(value: unknown): void {
  if (typeof value !== "string") refuse(`u (the page's URL) must be a string; got ${got(value)}.`);
  let protocol: string;
  try {
    protocol = new URL(value).protocol;
  } catch {
    refuse(`u (the page's URL) is not a URL: ${JSON.stringify(value)}.`);
  }
  if (protocol !== "http:" && protocol !== "https:") {
    refuse(`u (the page's URL) must be http: or https:; got ${JSON.stringify(protocol)}.`);
  }
}

function checkDomain(value: unknown): void {
  if (typeof value !== "string" || value.trim() === "" || value.length > MAX_DOMAIN_LENGTH) {
    refuse(
      `d (the site's domain) must be a non-empty string of at most ${MAX_DOMAIN_LENGTH} characters.`,
    );
  }
}

function checkProps(value: unknown): void {
  if (!isPlainObject(value)) refuse(`p (the props) must be an object; got ${got(value)}.`);
  const entries = Object.entries(value);
  if (entries.length > MAX_PROPS) refuse(`p has ${entries.length} props; at most ${MAX_PROPS}.`);
  for (const [key, prop] of entries) {
    if (key === "" || key.length > MAX_PROP_LENGTH) {
      refuse(`p's keys must be 1 to ${MAX_PROP_LENGTH} characters long.`);
    }
    if (typeof prop !== "string") {
      refuse(`p.${key} must be a string; got ${got(prop)}.`);
    }
    if (prop.length > MAX_PROP_LENGTH) {
      refuse(`p.${key} is longer than ${MAX_PROP_LENGTH} characters.`);
    }
  }
}

function checkCount(value: unknown, what: string): void {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    refuse(`${what} must be a number of 0 or more; got ${got(value)}.`);
  }
}

function checkRevenue(value: unknown): void {
  const amount = isPlainObject(value) ? value.amount : undefined;
  const currency = isPlainObject(value) ? value.currency : undefined;
  if (
    (typeof amount !== "number" && typeof amount !== "string") ||
    typeof currency !== "string" ||
    !/^[A-Z]{3}$/.test(currency)
  ) {
    refuse("$ (revenue) must be {amount: a number or string, currency: an ISO 4217 code}.");
  }
}

/**
 * The payload, checked field by field: kept as it arrived (its fields, their order), so the events
 * file holds what the tracker sent.
 */
function checkEvent(payload: Record<string, unknown>): PlausibleEvent {
  const unknown = Object.keys(payload).filter((key) => !KEYS.has(key));
  if (unknown.length > 0) {
    refuse(`unknown fields ${unknown.map((key) => JSON.stringify(key)).join(", ")}.`);
  }
  checkName(payload.n);
  checkUrl(payload.u);
  checkDomain(payload.d);
  if ("r" in payload && payload.r !== null && typeof payload.r !== "string") {
    refuse(`r (the referrer) must be a string or null; got ${got(payload.r)}.`);
  }
  if ("p" in payload) checkProps(payload.p);
  if ("i" in payload && typeof payload.i !== "boolean") {
    refuse(`i must be a boolean; got ${got(payload.i)}.`);
  }
  if ("h" in payload) checkCount(payload.h, "h");
  if ("v" in payload) checkCount(payload.v, "v (the tracker's version)");
  if ("sd" in payload) checkCount(payload.sd, "sd (the scroll depth)");
  if ("e" in payload) checkCount(payload.e, "e (the engaged time)");
  if ("$" in payload) checkRevenue(payload.$);
  return payload as PlausibleEvent;
}

/**
 * The event in a request's body. The tracker sends text/plain (a request a page may send without a
 * preflight); a server-side caller may say application/json. Anything else is a 415.
 */
export function parseEvent(request: IncomingMessage, body: Buffer): PlausibleEvent {
  const type = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type !== "text/plain" && type !== "application/json") {
    throw new HttpError(
      415,
      `${EVENT_PATH} expects the event as Content-Type: text/plain or application/json; got '${type || "none"}'.`,
    );
  }
  let payload: unknown;
  try {
    payload = JSON.parse(body.toString("utf8"));
  } catch (error) {
    throw new HttpError(400, `Invalid event: the body is not JSON: ${(error as Error).message}`);
  }
  if (!isPlainObject(payload)) {
    refuse(`the body must be a JSON object with n, u and d; got ${kindOf(payload)}.`);
  }
  return checkEvent(payload);
}
