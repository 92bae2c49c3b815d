import { inflateSync } from "node:zlib";
import type { APIRequestContext, Page } from "@playwright/test";
import { pageMeta, pageTitles } from "../../../src/content/pages";
import { seo } from "../../../src/content/seo";
import { expect, test } from "../support/fixtures";
import { holdAppScript } from "../support/held-requests";
import { E2E_SITE_URL } from "../support/stack-ports";
import { STACK_BUILD_EPOCH } from "../support/stack-settings";
import { gotoApp } from "../support/tabs";

/** The test stack builds the site with SITE_URL set to its own address. */
const SITE = E2E_SITE_URL;
const NOT_FOUND_PATH = "/no-such-page-for-seo";

/** The copy each page is presented with: src/content/pages.ts and src/content/seo.ts. */
const TAGLINE_TITLE = pageTitles.landing;
const SHARE_DESCRIPTION = seo.shareDescription;

type Attributes = Record<string, string>;

function decodeEntities(value: string): string {
  return value
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");
}

function head(html: string): string {
  const match = html.match(/<head>([\s\S]*?)<\/head>/);
  if (!match?.[1]) throw new Error("no <head> in the page");
  return match[1];
}

/** Every <meta> or <link> in the head, as attribute maps. */
function elements(html: string, name: "meta" | "link"): Attributes[] {
  return [...head(html).matchAll(new RegExp(`<${name}\\b([^>]*)>`, "g"))].map(([, attributes]) =>
    Object.fromEntries(
      [...(attributes ?? "").matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, key, value]) => [
        key,
        decodeEntities(value ?? ""),
      ]),
    ),
  );
}

/** The content of every <meta name=…> or <meta property=…> with that key. */
function metaValues(html: string, key: string): string[] {
  return elements(html, "meta")
    .filter((meta) => meta.name === key || meta.property === key)
    .map((meta) => meta.content ?? "");
}

/** The head's links a browser has as elements, matching `selector`, as attribute maps. */
function headLinks(page: Page, selector: string): Promise<Attributes[]> {
  return page
    .locator("head")
    .locator(selector)
    .evaluateAll((links) =>
      links.map((link) =>
        Object.fromEntries(
          [...link.attributes].map((attribute) => [attribute.name, attribute.value]),
        ),
      ),
    );
}

function title(html: string): string | undefined {
  const match = head(html).match(/<title>([^<]*)<\/title>/);
  return match?.[1] === undefined ? undefined : decodeEntities(match[1]);
}

function links(html: string, rel: string): Attributes[] {
  return elements(html, "link").filter((link) => link.rel === rel);
}

function jsonLdBlocks(html: string): string[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    ([, body]) => body ?? "",
  );
}

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(0, 8).toString("hex"), "PNG signature").toBe("89504e470d0a1a0a");
  expect(body.subarray(12, 16).toString("latin1"), "first chunk").toBe("IHDR");
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

/** Alpha of the top-left pixel of an 8-bit RGBA PNG. Whatever the row filter, the first pixel of
 * the first row is stored as is, so inflating the image data is enough. */
function topLeftAlpha(body: Buffer): number {
  expect(body[24], "bit depth").toBe(8);
  expect(body[25], "colour type RGBA").toBe(6);
  const chunks: Buffer[] = [];
  for (let offset = 8; offset < body.length; ) {
    const length = body.readUInt32BE(offset);
    const type = body.subarray(offset + 4, offset + 8).toString("latin1");
    if (type === "IDAT") chunks.push(body.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const pixels = inflateSync(Buffer.concat(chunks));
  return pixels[4] ?? -1; // byte 0 is the row's filter type, then R, G, B, A
}

async function getPage(request: APIRequestContext, path: string, status = 200) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(status);
  return response.text();
}

async function getPng(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()["content-type"], path).toBe("image/png");
  return response.body();
}

test.describe("search and sharing metadata", () => {
  test("each route has its own title and description", async ({ request }) => {
    const pages: { path: string; status?: number; title: string; description: string }[] = [
      { path: "/", ...pageMeta("landing") },
      { path: "/success", ...pageMeta("success") },
      { path: NOT_FOUND_PATH, status: 404, ...pageMeta("notFound") },
    ];
    // Each page its own words.
    expect(new Set(pages.map(({ title }) => title)).size).toBe(3);
    expect(new Set(pages.map(({ description }) => description)).size).toBe(3);
    for (const page of pages) {
      const html = await getPage(request, page.path, page.status);
      expect(title(html), page.path).toBe(page.title);
      expect(metaValues(html, "description"), page.path).toEqual([page.description]);
      expect(metaValues(html, "og:title"), page.path).toEqual([page.title]);
    }
  });

  test("only / is indexable, with a canonical URL from SITE_URL", async ({ request }) => {
    const home = await getPage(request, "/");
    expect(links(home, "canonical").map((link) => link.href)).toEqual([`${SITE}/`]);
    expect(metaValues(home, "robots")).toEqual([]);

    for (const [path, status] of [
      ["/success", 200],
      ["/success/", 200],
      [NOT_FOUND_PATH, 404],
    ] as const) {
      const html = await getPage(request, path, status);
      expect(metaValues(html, "robots"), path).toEqual(["noindex"]);
      expect(links(html, "canonical"), path).toEqual([]);
      expect(metaValues(html, "og:url"), path).toEqual([]);
      expect(jsonLdBlocks(html), path).toEqual([]);
    }
  });

  test("/ carries the Open Graph and Twitter card tags", async ({ request }) => {
    const html = await getPage(request, "/");
    const expected: Record<string, string> = {
      "og:type": "website",
      "og:site_name": seo.name,
      "og:title": TAGLINE_TITLE,
      "og:description": SHARE_DESCRIPTION,
      "og:url": `${SITE}/`,
      "og:image": `${SITE}/og-image.png`,
      "og:image:width": "1200",
      "og:image:height": "630",
      "og:image:alt": seo.ogImage.alt,
      "og:locale": "en_US",
      "twitter:card": "summary_large_image",
    };
    for (const [key, value] of Object.entries(expected)) {
      expect(metaValues(html, key), key).toEqual([value]);
    }
    // Open Graph is read by property, Twitter by name: a mix-up would go unread.
    const metas = elements(html, "meta");
    expect(metas.filter((meta) => meta.property?.startsWith("og:")).length).toBeGreaterThan(0);
    expect(metas.filter((meta) => meta.name?.startsWith("twitter:")).length).toBeGreaterThan(0);
    expect(metas.filter((meta) => meta.name?.startsWith("og:"))).toEqual([]);
    expect(metas.filter((meta) => meta.property?.startsWith("twitter:"))).toEqual([]);
    // X falls back to Open Graph for the rest of its card: its own copies would only weigh.
    expect(
      metas.filter((meta) => meta.name?.startsWith("twitter:")).map((meta) => meta.name),
    ).toEqual(["twitter:card"]);
  });

  test("the share image is a 1200x630 PNG at an absolute URL", async ({ request, baseURL }) => {
    const html = await getPage(request, "/");
    const [imageUrl] = metaValues(html, "og:image");
    expect(imageUrl).toMatch(/^https?:\/\//);
    // Served from this stack, whatever origin the build was told it lives at.
    const local = new URL(new URL(imageUrl ?? "").pathname, baseURL);
    const size = pngSize(await getPng(request, local.href));
    expect(size).toEqual({ width: 1200, height: 630 });
  });

  test("/ describes Bulwark in JSON-LD", async ({ request }) => {
    const html = await getPage(request, "/");
    const blocks = jsonLdBlocks(html);
    expect(blocks).toHaveLength(1);
    const body = blocks[0] ?? "";
    expect(body).not.toContain("<");
    const data = JSON.parse(body) as {
      "@context": string;
      "@graph": { "@type": string; name?: string; url?: string }[];
    };
    expect(data["@context"]).toBe("https://schema.org");
    const byType = Object.fromEntries(data["@graph"].map((node) => [node["@type"], node]));
    expect(byType.Organization).toMatchObject({ name: seo.name, url: `${SITE}/` });
    expect(byType.WebSite).toMatchObject({ name: seo.name, url: `${SITE}/` });
  });

  test("robots.txt allows everything and points at the sitemap", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
    const lines = (await response.text()).split("\n").map((line) => line.trim());
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    expect(lines).not.toContain("Disallow: /");
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });

  test("/.well-known/security.txt (RFC 9116) is served as text, from SECURITY_CONTACT", async ({
    request,
  }) => {
    const response = await request.get("/.well-known/security.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/plain; charset=utf-8/);
    const lines = (await response.text()).split("\n");
    expect(lines).toContain("Contact: mailto:security@bulwark.example");
    expect(lines).toContain("Preferred-Languages: en");
    expect(lines).toContain(`Canonical: ${SITE}/.well-known/security.txt`);
    // One year after the time the build stamps: the stack's builds stamp the start of the month.
    const built = new Date(Number(STACK_BUILD_EPOCH) * 1000);
    const yearOn = new Date(built);
    yearOn.setUTCFullYear(built.getUTCFullYear() + 1);
    expect(lines).toContain(`Expires: ${yearOn.toISOString()}`);
  });

  test("sitemap.xml lists / only", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/xml/);
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locations = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => loc);
    expect(locations).toEqual([`${SITE}/`]);
  });

  test("the favicons and the apple-touch-icon are linked and served, with scripts off too", async ({
    browser,
    request,
  }) => {
    // Scripts off: the browser reads the icons the head holds in its <noscript>.
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto("/", { waitUntil: "load" });
      expect(await headLinks(page, "link[rel~='icon'], link[rel='apple-touch-icon']")).toEqual(
        expect.arrayContaining([
          { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
          { rel: "icon", href: "/favicon-32.png", type: "image/png", sizes: "32x32" },
          { rel: "apple-touch-icon", href: "/apple-touch-icon.png", sizes: "180x180" },
        ]),
      );
    } finally {
      await context.close();
    }

    const svg = await request.get("/favicon.svg");
    expect(svg.status()).toBe(200);
    expect(svg.headers()["content-type"]).toBe("image/svg+xml");
    expect(await svg.text()).toContain("<svg");

    expect(pngSize(await getPng(request, "/favicon-32.png"))).toEqual({ width: 32, height: 32 });
    const touchIcon = await getPng(request, "/apple-touch-icon.png");
    expect(pngSize(touchIcon)).toEqual({ width: 180, height: 180 });
    // iOS paints transparency black: the tile must be opaque to the corner.
    expect(topLeftAlpha(touchIcon)).toBe(255);
  });

  test("no icon is asked for before the app starts, after the page's largest paint @whole-browser", async ({
    page,
  }) => {
    // An icon fetched before the largest contentful paint counts toward it in Lighthouse's
    // simulation (src/app/head.ts): the browser's own /favicon.ico included.
    const icons: string[] = [];
    page.on("request", (request) => {
      if (/icon|\.ico$/.test(new URL(request.url()).pathname)) icons.push(request.url());
    });
    const app = await holdAppScript(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await app.arrived();
    // The document parsed and a frame drawn since: the browser asks for its icon by then.
    await page.evaluate(
      () => new Promise((drawn) => requestAnimationFrame(() => setTimeout(drawn))),
    );
    expect(icons).toEqual([]);
    await app.release();
  });

  test("the web manifest parses and every icon it lists is served at its size", async ({
    request,
  }) => {
    const response = await request.get("/site.webmanifest");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/manifest+json");
    const manifest = JSON.parse(await response.text()) as {
      name: string;
      short_name: string;
      description: string;
      start_url: string;
      display: string;
      background_color: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: seo.manifest.name,
      short_name: seo.manifest.shortName,
      description: SHARE_DESCRIPTION,
      start_url: "/",
      display: "standalone",
      background_color: "#0b1120",
      theme_color: "#0b1120",
    });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(["192x192", "512x512"]),
    );
    const purposes = manifest.icons.flatMap((icon) => (icon.purpose ?? "any").split(/\s+/));
    expect(purposes).toEqual(expect.arrayContaining(["any", "maskable"]));

    const checked = new Set<string>();
    for (const icon of manifest.icons) {
      expect(icon.type, icon.src).toBe("image/png");
      if (checked.has(icon.src)) continue;
      checked.add(icon.src);
      const [width, height] = icon.sizes.split("x").map(Number);
      const body = await getPng(request, icon.src);
      expect(pngSize(body), icon.src).toEqual({ width, height });
      // Maskable icons are cropped to any shape: the background must reach the corners.
      expect(topLeftAlpha(body), icon.src).toBe(255);
    }
    expect(checked.size).toBeGreaterThanOrEqual(2);
  });

  test("/ loads with its icons and manifest without a CSP violation or console error", async ({
    page,
  }) => {
    await gotoApp(page, "/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The manifest link is added once the page has painted (scripts/build/prerender.ts), so its
    // fetch never races the first paint.
    await expect(page.locator("link[rel='manifest']")).toHaveAttribute("href", "/site.webmanifest");
    // So are the icons, in place of the empty one that kept the browser from asking for any sooner.
    expect(await headLinks(page, "link[rel~='icon'], link[rel='apple-touch-icon']")).toEqual([
      { rel: "icon", href: "/favicon-32.png", type: "image/png", sizes: "32x32" },
      { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
      { rel: "apple-touch-icon", href: "/apple-touch-icon.png", sizes: "180x180" },
    ]);
    // The browser itself fetches what the head points at, under the site's CSP.
    const statuses = await page.evaluate(async () => {
      const hrefs = [
        ...document.querySelectorAll<HTMLLinkElement>(
          "link[rel~='icon'], link[rel='apple-touch-icon'], link[rel='manifest']",
        ),
      ].map((link) => link.href);
      return Promise.all(hrefs.map(async (href) => [href, (await fetch(href)).status] as const));
    });
    expect(statuses.length).toBe(4);
    for (const [href, status] of statuses) expect(status, href).toBe(200);
  });
});
