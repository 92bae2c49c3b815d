/**
 * The <head> tags of one prerendered route: title, description, canonical or noindex, link-preview
 * cards, icons and the manifest, and the landing page's structured data. Only the prerender uses it.
 */
import { pageMeta } from "@/content/pages";
import { seo } from "@/content/seo";
import { escapeMarkup } from "@/lib/escape-markup";
import type { PrerenderRoute } from "./routes";

/** JSON for an inline <script>: "<" escaped, so no value can close the element early. */
function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll("<", "\\u003c")
    .replaceAll(">", "\\u003e")
    .replaceAll("&", "\\u0026");
}

function metaName(name: string, content: string): string {
  return `<meta name="${escapeMarkup(name)}" content="${escapeMarkup(content)}" />`;
}

function metaProperty(property: string, content: string): string {
  return `<meta property="${escapeMarkup(property)}" content="${escapeMarkup(content)}" />`;
}

function link(attributes: Record<string, string>): string {
  const pairs = Object.entries(attributes).map(
    ([name, value]) => `${name}="${escapeMarkup(value)}"`,
  );
  return `<link ${pairs.join(" ")} />`;
}

/** schema.org Organization and WebSite, linked by @id, for the landing page only. */
function structuredData(siteUrl: string): string {
  const home = new URL("/", siteUrl).href;
  const organizationId = `${home}#organization`;
  const [, logo] = seo.files.manifestIcons;
  const graph = {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "Organization",
        "@id": organizationId,
        name: seo.name,
        url: home,
        description: seo.tagline,
        logo: {
          "@type": "ImageObject",
          url: new URL(logo.path, siteUrl).href,
          width: logo.width,
          height: logo.height,
        },
      },
      {
        "@type": "WebSite",
        "@id": `${home}#website`,
        name: seo.name,
        url: home,
        description: seo.shareDescription,
        inLanguage: "en-US",
        publisher: { "@id": organizationId },
      },
    ],
  };
  return `<script type="application/ld+json">${inlineJson(graph)}</script>`;
}

/**
 * The icons, as links. A built page serves them inside a <noscript> (read where scripts are off),
 * after an icon of no bytes (`data:,`) that keeps the browser from fetching /favicon.ico meanwhile;
 * the app, which starts after the largest contentful paint, links them (start-up/loader-settings.ts):
 * an icon fetched before that paint counts toward it in Lighthouse's simulation, by 60-80 ms
 * (docs/performance.md). The manifest is the app's to link too: it points at more icons.
 */
function iconLinks(): string[] {
  const { files } = seo;
  return [
    link({
      rel: "icon",
      href: files.faviconPng.path,
      type: "image/png",
      sizes: `${files.faviconPng.width}x${files.faviconPng.height}`,
    }),
    // Listed after the PNG: browsers that read SVG icons take the last icon they support.
    link({ rel: "icon", href: files.faviconSvg, type: "image/svg+xml" }),
    link({
      rel: "apple-touch-icon",
      href: files.appleTouchIcon.path,
      sizes: `${files.appleTouchIcon.width}x${files.appleTouchIcon.height}`,
    }),
  ];
}

export function renderHead(
  route: PrerenderRoute,
  siteUrl: string,
  { linksInHead = true } = {},
): string {
  const meta = pageMeta(route.id);
  const { files } = seo;
  const icons = iconLinks();
  const manifest = link({ rel: "manifest", href: files.manifest });
  const iconsAfterPaint = [
    link({ rel: "icon", href: "data:," }),
    `<noscript>${icons.join("")}</noscript>`,
  ];
  const canonical = route.indexable ? new URL(route.path, siteUrl).href : undefined;
  const ogImage = new URL(files.ogImage.path, siteUrl).href;
  const tags = [
    `<title>${escapeMarkup(meta.title)}</title>`,
    metaName("description", meta.description),
    metaName("theme-color", seo.manifest.themeColor),
    canonical ? link({ rel: "canonical", href: canonical }) : metaName("robots", "noindex"),
    ...(linksInHead ? [...icons, manifest] : iconsAfterPaint),
    metaProperty("og:type", "website"),
    metaProperty("og:site_name", seo.name),
    metaProperty("og:locale", seo.locale),
    metaProperty("og:title", meta.title),
    metaProperty("og:description", seo.shareDescription),
    ...(canonical ? [metaProperty("og:url", canonical)] : []),
    metaProperty("og:image", ogImage),
    metaProperty("og:image:type", "image/png"),
    metaProperty("og:image:width", String(files.ogImage.width)),
    metaProperty("og:image:height", String(files.ogImage.height)),
    metaProperty("og:image:alt", seo.ogImage.alt),
    // X reads the title, description, image and its alt from Open Graph when its own tags are
    // missing: repeating them would only weigh on the page's first round trip.
    metaName("twitter:card", "summary_large_image"),
  ];
  if (route.id === "landing") tags.push(structuredData(siteUrl));
  return tags.join("\n    ");
}
