/**
 * Every path the site answers, and its role: the one list that the router and the prerender
 * (src/app/routes.ts), the static hosts' deploy files (scripts/build/http-headers.ts), the sitemap, the end
 * of a signup, the bench and the screenshots read. Adding a page is one entry here, plus its
 * component and its texts. Imports nothing, so every layer may use it (.dependency-cruiser.cjs).
 */

export type PageId = "landing" | "success" | "notFound";

export type SitePage = {
  id: PageId;
  /** The URL the page answers at, on every host without a redirect. */
  path: string;
  /**
   * Its file in dist/. `name.html` is what Cloudflare Pages, Netlify and Vercel (cleanUrls) all serve
   * at `/name` with no redirect; `name/index.html` would be served at `/name/` after a redirect.
   */
  file: string;
  /** Listed in sitemap.xml with a canonical link; the other pages carry `noindex`. */
  indexable: boolean;
};

export const sitePages = [
  { id: "landing", path: "/", file: "index.html", indexable: true },
  { id: "success", path: "/success", file: "success.html", indexable: false },
] as const satisfies SitePage[];

/** Served by static hosts for any unknown path, with HTTP 404 (its own path answers 404 too). */
export const notFoundPage = {
  id: "notFound",
  path: "/404",
  file: "404.html",
  indexable: false,
} as const satisfies SitePage;

/**
 * The page that answers `pathname`: a site page (`/success/` is `/success`), else the not-found page.
 * The router picks the page by it, and the field signals report a page by its `path`.
 */
export function pageAt(pathname: string): SitePage {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
  return sitePages.find((page) => page.path === path) ?? notFoundPage;
}

/** Where a delivered signup takes the visitor: the thank-you page. */
export const SIGNUP_END_PATH = sitePages[1].path;

/** Fingerprinted build output, safe to cache for a year; every other path is revalidated. */
export const IMMUTABLE_PATH_PREFIX = "/assets/";

/**
 * Every URL at which a page's HTML may be answered (its path and its file's, which hosts redirect
 * to the path): each must be revalidated on every visit, so a deploy is seen at once.
 */
export function revalidatedPaths(): string[] {
  const paths = [...sitePages, notFoundPage].flatMap((page) => [page.path, `/${page.file}`]);
  return [...new Set(paths)];
}
