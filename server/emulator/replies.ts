/**
 * How the emulator answers, by area: EmailJS's two send endpoints and Plausible's event API with
 * CORS for any origin (as EmailJS and Plausible), the test controls with none and readable by no
 * other site, the inbox as a page of its own, everything else (the reCAPTCHA stand-in, unknown
 * paths) with no CORS; and a request for another host with a refusal that belongs to no area.
 */
import type { ServerResponse } from "node:http";
import { INBOX_PREFIX, inboxHeaders } from "./inbox-page";
import { EVENT_PATH } from "./plausible";
import { SEND_FORM_PATH, SEND_PATH } from "./protocol";

/** Chromium caps preflight caching at two hours, so a longer value buys nothing. */
const PREFLIGHT_MAX_AGE_SECONDS = 7200;

/** The test controls: for test code on this machine, never for web pages. */
const CONTROL_PREFIX = "/__emulator/";

/**
 * The send endpoints answer any origin, as EmailJS does (its allowed-origins list aside), and so
 * does the event API, as Plausible's does.
 */
const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
  "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE_SECONDS),
};

/**
 * A preflight's answer. Its connection is closed after it, so the send comes on a connection of
 * its own: Chromium quietly sends a request again when a connection it reused closes without an
 * answer, which would hide a `drop` fault from the page.
 */
export function answerPreflight(response: ServerResponse) {
  response.writeHead(204, { ...CORS_HEADERS, Connection: "close" }).end();
}

/** The test controls: no CORS at all, and no reading by another site's page (no-cors included). */
const CONTROL_HEADERS = {
  "Cross-Origin-Resource-Policy": "same-origin",
  "X-Content-Type-Options": "nosniff",
};

/** The rest: read by no page through CORS, and never sniffed into another type. */
const OTHER_HEADERS = { "X-Content-Type-Options": "nosniff" };

export type Area = "send" | "event" | "control" | "inbox" | "other";

export function areaOf(pathname: string): Area {
  if (pathname === SEND_PATH || pathname === SEND_FORM_PATH) return "send";
  if (pathname === EVENT_PATH) return "event";
  if (pathname.startsWith(CONTROL_PREFIX)) return "control";
  if (pathname === INBOX_PREFIX || pathname.startsWith(`${INBOX_PREFIX}/`)) return "inbox";
  return "other";
}

/** The area of a request's target as it arrived; one that does not parse is in none of them. */
function areaOfTarget(target: string | undefined): Area {
  try {
    return areaOf(new URL(`http://127.0.0.1${target ?? "/"}`).pathname);
  } catch {
    return "other";
  }
}

const AREA_HEADERS: Record<Area, Record<string, string>> = {
  send: CORS_HEADERS,
  event: CORS_HEADERS,
  control: CONTROL_HEADERS,
  inbox: inboxHeaders,
  other: OTHER_HEADERS,
};

/**
 * A request for a host other than the emulator's own (DNS rebinding: a page of evil.example whose
 * name now points at 127.0.0.1): 421, with none of any area's headers, and the connection closed.
 */
export function refuseForeignHost(response: ServerResponse, ownHost: string): void {
  const body = `This is the EmailJS emulator at ${ownHost}; it answers no other host.`;
  response.writeHead(421, {
    ...OTHER_HEADERS,
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(body)),
    Connection: "close",
  });
  response.end(body);
}

export function reply(
  response: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  if (response.headersSent || response.destroyed) return;
  response.writeHead(status, {
    ...AREA_HEADERS[areaOfTarget(response.req.url)],
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(body)),
    ...headers,
  });
  response.end(body);
}

export function replyJson(response: ServerResponse, status: number, value: unknown): void {
  reply(response, status, JSON.stringify(value), {
    "Content-Type": "application/json; charset=utf-8",
  });
}
