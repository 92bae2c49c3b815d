/**
 * The emulator's routes as one table: each path lists its methods and their handlers, so a 404
 * (no such path), a 405 (no such method) and its `Allow` header all follow from the table.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

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
