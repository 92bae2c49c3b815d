/** The <head> tags of one prerendered route, from the route's meta in content/pages. */
import { pageMeta } from "@/content/pages";
import type { PrerenderRoute } from "./routes";

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll('"', "&quot;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;");
}

export function renderHead(route: PrerenderRoute, siteUrl: string): string {
  const meta = pageMeta[route.id];
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
  ];
  if (meta.indexable) {
    tags.push(`<link rel="canonical" href="${escapeHtml(new URL(route.path, siteUrl).href)}" />`);
  } else {
    tags.push(`<meta name="robots" content="noindex" />`);
  }
  return tags.join("\n    ");
}
