/**
 * The emulator's routes as one table: each path lists its methods and their handlers, so a 404
 * (no such path), a 405 (no such method) and its `Allow` header all follow from the table; a
 * target that is no path, or does not decode, is a 400 before the table is read.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { HttpError } from "./protocol";

export type RequestContext = {
  request: IncomingMessage;
  response: ServerResponse;
  url: URL;
  /** The values of the path's `:name` segments. */
  params: Record<string, string>;
};

export type Handler = (context: RequestContext) => Promise<void> | void;

type Method = "GET" | "POST" | "DELETE" | "OPTIONS";

/** A path such as `/inbox/:entry/:template`, and its methods in the order `Allow` names them. */
export type Route = { path: string; methods: Partial<Record<Method, Handler>> };

export type RouteMatch = { route: Route; params: Record<string, string> };

/**
 * Whether a request's `Host` names this emulator: 127.0.0.1 or localhost (which browsers resolve to
 * the loopback address only) on its port. Any other name is a DNS rebinding: a page of a site whose
 * name was pointed at 127.0.0.1 would otherwise be same-origin with the emulator and read all of it.
 */
export function isOwnHost(host: string | undefined, port: number): boolean {
  if (host === undefined) return false;
  const name = host.toLowerCase();
  const names = ["127.0.0.1", "localhost"];
  return names.some((own) => name === `${own}:${port}` || (port === 80 && name === own));
}

/**
 * The request's target as a URL: a path (origin-form), whose escapes decode. A proxy's absolute
 * form, `*` or a broken escape (`/%E0%A4%A`) is a 400 the caller can read, never a 500 from deep
 * inside a route. The target is appended to the base rather than resolved against it, so `//x` stays
 * a path and never names a host.
 */
export function requestUrl(target: string | undefined): URL {
  const raw = target ?? "/";
  const refuse = () => new HttpError(400, `Malformed path: ${JSON.stringify(raw)}.`);
  if (!raw.startsWith("/")) throw refuse();
  let url: URL;
  try {
    url = new URL(`http://127.0.0.1${raw}`);
    decodeURIComponent(url.pathname);
  } catch {
    throw refuse();
  }
  return url;
}

function matchPath(pattern: string, pathname: string): Record<string, string> | undefined {
  const want = pattern.split("/");
  const got = pathname.split("/");
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of want.entries()) {
    const actual = got[index] ?? "";
    if (segment.startsWith(":")) {
      if (actual === "") return undefined;
      params[segment.slice(1)] = decodeURIComponent(actual);
    } else if (segment !== actual) {
      return undefined;
    }
  }
  return params;
}

/** The first route whose path matches, with its parameters. */
export function findRoute(routes: readonly Route[], pathname: string): RouteMatch | undefined {
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return undefined;
}

/** The route's methods as an `Allow` header names them. */
export function allowedMethods(route: Route): string {
  return Object.keys(route.methods).join(", ");
}

/** The route's handler for `method`, or undefined (a 405). */
export function handlerFor(route: Route, method: string): Handler | undefined {
  return Object.hasOwn(route.methods, method) ? route.methods[method as Method] : undefined;
}
