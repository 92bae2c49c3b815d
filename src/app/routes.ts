/** The router's view of the site's pages (src/site-paths.ts): the router and the prerender read it. */
import { notFoundPage, type PageId, pageAt, type SitePage, sitePages } from "@/site-paths";

export type RouteId = PageId;

export type PrerenderRoute = SitePage;

export const routes = sitePages;

/** Served by static hosts for any unknown path, with HTTP 404. */
export const notFoundRoute = notFoundPage;

/** `/success/` is `/success`; anything unknown is the not-found page. */
export function matchRoute(pathname: string): RouteId {
  return pageAt(pathname).id;
}
