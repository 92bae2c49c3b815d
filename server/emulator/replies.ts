/**
 * How the emulator answers, by area: the send endpoints with CORS for any origin (as EmailJS), the
 * test controls with none and readable by no other site, the inbox as a page of its own.
 */
import type { ServerResponse } from "node:http";
import { INBOX_PREFIX, inboxHeaders } from "./inbox-page";

/** Chromium caps preflight caching at two hours, so a longer value buys nothing. */
const PREFLIGHT_MAX_AGE_SECONDS = 7200;

/** The test controls: for test code on this machine, never for web pages. */
const CONTROL_PREFIX = "/__emulator/";

/** The send endpoints answer any origin, as EmailJS does (its allowed-origins list aside). */
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

export type Area = "send" | "control" | "inbox";

export function areaOf(pathname: string): Area {
  if (pathname.startsWith(CONTROL_PREFIX)) return "control";
  if (pathname === INBOX_PREFIX || pathname.startsWith(`${INBOX_PREFIX}/`)) return "inbox";
  return "send";
}

const AREA_HEADERS: Record<Area, Record<string, string>> = {
  send: CORS_HEADERS,
  control: CONTROL_HEADERS,
  inbox: inboxHeaders,
};

export function reply(
  response: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  if (response.headersSent || response.destroyed) return;
  const path = new URL(response.req.url ?? "/", "http://127.0.0.1").pathname;
  response.writeHead(status, {
    ...AREA_HEADERS[areaOf(path)],
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
