/** The one route list: the router, the prerender and the sitemap all read it. */

export type RouteId = "landing" | "success" | "notFound";

export type PrerenderRoute = { id: RouteId; path: string; file: string };

export const routes = [
  { id: "landing", path: "/", file: "index.html" },
  { id: "success", path: "/success", file: "success/index.html" },
] as const satisfies PrerenderRoute[];

/** Served by static hosts for any unknown path, with HTTP 404. */
export const notFoundRoute = {
  id: "notFound",
  path: "/404",
  file: "404.html",
} as const satisfies PrerenderRoute;

/** `/success/` is `/success`; anything unknown is the not-found page. */
export function matchRoute(pathname: string): RouteId {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
  return routes.find((route) => route.path === path)?.id ?? notFoundRoute.id;
}
