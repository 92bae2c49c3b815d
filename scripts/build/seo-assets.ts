/**
 * Writes the sharing and home-screen files into a built site: the 1200x630 link-preview image, the
 * PNG icons, the web manifest, robots.txt and sitemap.xml. Called by scripts/build/build.ts after
 * prerender.
 */
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { Resvg, type ResvgRenderOptions } from "@resvg/resvg-js";
import { palette } from "../../src/content/palette";
import { type SizedFile, seo } from "../../src/content/seo";
import { escapeMarkup } from "../../src/lib/escape-markup";
import { sitePages } from "../../src/site-paths";

const LOGO_MARK = resolve(import.meta.dirname, "../../src/assets/logo-mark.svg");
/** Inter (SIL Open Font License 1.1): resvg must not depend on the fonts a build machine has. */
const FONT_FAMILY = "Inter";
const FONT_FILES = ["500Medium/Inter_500Medium.ttf", "600SemiBold/Inter_600SemiBold.ttf"];

/** The mark's viewBox is 32 units; on a tile it takes this share of the side, which keeps the
 * shield inside the maskable safe zone (a circle of 80% of the side). */
const TILE_MARK_RATIO = 0.62;

/** Share-image palette: the site's own colours. */
const {
  canvas: CANVAS,
  ink: INK,
  inkMuted: INK_MUTED,
  accent: ACCENT,
  accentStrong: ACCENT_STRONG,
  line: LINE,
} = palette;

const OG_PADDING_X = 88;
const OG_TEXT_MAX_WIDTH = 640;
const HEADLINE_SIZE = 56;
const HEADLINE_LEADING = 68;
const HIGHLIGHT_GAP = 34;

/** The logo mark as a nested <svg> at a place and size. */
function placeMark(
  markSvg: string,
  { x, y, size }: { x: number; y: number; size: number },
): string {
  return markSvg
    .trim()
    .replace(/^<svg\b/, `<svg x="${x}" y="${y}" width="${size}" height="${size}"`);
}

function png(svg: string, options: ResvgRenderOptions = {}): Buffer {
  return new Resvg(svg, { ...options, font: { loadSystemFonts: false, ...options.font } })
    .render()
    .asPng();
}

/** A square icon: the mark centred on a solid canvas (iOS and maskable icons ignore transparency). */
function tileSvg(markSvg: string, side: number): string {
  const size = Math.round(side * TILE_MARK_RATIO);
  const offset = (side - size) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" viewBox="0 0 ${side} ${side}">
<rect width="${side}" height="${side}" fill="${seo.manifest.backgroundColor}"/>
${placeMark(markSvg, { x: offset, y: offset, size })}
</svg>`;
}

type TextStyle = { size: number; weight: number; letterSpacing?: number };

function textElement(
  content: string,
  { x, y, fill, ...style }: TextStyle & { x: number; y: number; fill: string },
): string {
  const spacing = style.letterSpacing ? ` letter-spacing="${style.letterSpacing}"` : "";
  return `<text x="${x}" y="${y}" font-family="${FONT_FAMILY}" font-size="${style.size}" font-weight="${style.weight}"${spacing} fill="${fill}">${escapeMarkup(content)}</text>`;
}

/** Lays text out with the real font, so wrapping and the button's width are measured, not guessed. */
function textMeasurer(fontFiles: string[]) {
  return (content: string, style: TextStyle): number => {
    const probe = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="400">${textElement(content, { ...style, x: 0, y: 300, fill: "#000" })}</svg>`;
    const box = new Resvg(probe, {
      font: { loadSystemFonts: false, fontFiles, defaultFontFamily: FONT_FAMILY },
    }).getBBox();
    if (!box) throw new Error(`seo-assets: the font ${FONT_FAMILY} did not render "${content}"`);
    return box.width;
  };
}

function wrap(
  content: string,
  maxWidth: number,
  style: TextStyle,
  measure: ReturnType<typeof textMeasurer>,
) {
  const lines: string[] = [];
  for (const word of content.split(/\s+/)) {
    const last = lines.at(-1);
    const candidate = last === undefined ? word : `${last} ${word}`;
    if (last !== undefined && measure(candidate, style) <= maxWidth) {
      lines[lines.length - 1] = candidate;
    } else {
      lines.push(word);
    }
  }
  return lines;
}

function ogImageSvg(markSvg: string, fontFiles: string[]): string {
  const { width, height } = seo.files.ogImage;
  const measure = textMeasurer(fontFiles);
  const headline: TextStyle = { size: HEADLINE_SIZE, weight: 600, letterSpacing: -1.2 };
  const lines = wrap(seo.tagline, OG_TEXT_MAX_WIDTH, headline, measure);
  const headlineTop = 270 - ((lines.length - 2) * HEADLINE_LEADING) / 2;
  const headlineText = lines
    .map((line, index) =>
      textElement(line, {
        ...headline,
        x: OG_PADDING_X,
        y: headlineTop + index * HEADLINE_LEADING,
        fill: INK,
      }),
    )
    .join("\n");
  const cta: TextStyle = { size: 26, weight: 600 };
  const ctaWidth = Math.ceil(measure(seo.ogImage.callToAction, cta)) + 2 * 30;
  const ctaTop = headlineTop + (lines.length - 1) * HEADLINE_LEADING + 56;
  const shield = { cx: 985, cy: 300, size: 208 };
  const highlight: TextStyle = { size: 20, weight: 500 };
  let highlightX = OG_PADDING_X;
  const highlights = seo.ogImage.highlights
    .map((title, index) => {
      // A list that outgrows the row loses its tail rather than running off the image.
      if (highlightX + measure(title, highlight) > width - OG_PADDING_X) return "";
      const dot =
        index === 0
          ? ""
          : `<circle cx="${highlightX - HIGHLIGHT_GAP / 2}" cy="${height - 45}" r="2.5" fill="${ACCENT}"/>`;
      const text = textElement(title, {
        ...highlight,
        x: highlightX,
        y: height - 38,
        fill: INK_MUTED,
      });
      highlightX += measure(title, highlight) + HIGHLIGHT_GAP;
      return dot + text;
    })
    .join("\n");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
  <linearGradient id="og-wash" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#0f1a33"/>
    <stop offset="0.6" stop-color="${CANVAS}"/>
  </linearGradient>
  <radialGradient id="og-glow" cx="${shield.cx}" cy="${shield.cy}" r="420" gradientUnits="userSpaceOnUse">
    <stop offset="0" stop-color="#2f6fe0" stop-opacity="0.30"/>
    <stop offset="1" stop-color="#2f6fe0" stop-opacity="0"/>
  </radialGradient>
  <radialGradient id="og-fade" cx="${shield.cx}" cy="${shield.cy}" r="460" gradientUnits="userSpaceOnUse">
    <stop offset="0" stop-color="#fff"/>
    <stop offset="1" stop-color="#000"/>
  </radialGradient>
  <mask id="og-grid-mask"><rect width="${width}" height="${height}" fill="url(#og-fade)"/></mask>
  <pattern id="og-grid" width="28" height="28" patternUnits="userSpaceOnUse">
    <circle cx="14" cy="14" r="1.2" fill="${ACCENT_STRONG}" fill-opacity="0.22"/>
  </pattern>
  <linearGradient id="og-rule" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="${ACCENT_STRONG}"/>
    <stop offset="1" stop-color="#2f6fe0"/>
  </linearGradient>
</defs>
<rect width="${width}" height="${height}" fill="url(#og-wash)"/>
<rect width="${width}" height="${height}" fill="url(#og-grid)" mask="url(#og-grid-mask)"/>
<rect width="${width}" height="${height}" fill="url(#og-glow)"/>
<g fill="none" stroke="${ACCENT}">
  <circle cx="${shield.cx}" cy="${shield.cy}" r="142" stroke-opacity="0.30" stroke-width="1.5"/>
  <circle cx="${shield.cx}" cy="${shield.cy}" r="194" stroke-opacity="0.17" stroke-width="1.5"/>
  <circle cx="${shield.cx}" cy="${shield.cy}" r="246" stroke-opacity="0.08" stroke-width="1.5"/>
</g>
${placeMark(markSvg, { x: shield.cx - shield.size / 2, y: shield.cy - shield.size / 2, size: shield.size })}
<rect width="${width}" height="6" fill="url(#og-rule)"/>
${placeMark(markSvg, { x: OG_PADDING_X - 4, y: 74, size: 52 })}
${textElement(seo.name, { size: 38, weight: 600, letterSpacing: -0.5, x: OG_PADDING_X + 58, y: 113, fill: INK })}
${headlineText}
<rect x="${OG_PADDING_X}" y="${ctaTop}" width="${ctaWidth}" height="60" rx="30" fill="${ACCENT}"/>
${textElement(seo.ogImage.callToAction, { ...cta, x: OG_PADDING_X + 30, y: ctaTop + 39, fill: "#061427" })}
<line x1="${OG_PADDING_X}" y1="${height - 78}" x2="${width - OG_PADDING_X}" y2="${height - 78}" stroke="${LINE}"/>
${highlights}
</svg>`;
}

function manifest(): string {
  const icons = seo.files.manifestIcons.flatMap(({ path, width, height }) =>
    // Listed once per purpose: the tiles are full-bleed with the mark inside the safe zone.
    ["any", "maskable"].map((purpose) => ({
      src: path,
      sizes: `${width}x${height}`,
      type: "image/png",
      purpose,
    })),
  );
  const body = {
    name: seo.manifest.name,
    short_name: seo.manifest.shortName,
    description: seo.shareDescription,
    id: "/",
    start_url: "/",
    scope: "/",
    display: "standalone",
    lang: "en",
    background_color: seo.manifest.backgroundColor,
    theme_color: seo.manifest.themeColor,
    icons,
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}

function sitemap(siteUrl: string): string {
  const urls = sitePages
    .filter((route) => route.indexable)
    .map(
      (route) =>
        `  <url>\n    <loc>${escapeMarkup(new URL(route.path, siteUrl).href)}</loc>\n  </url>`,
    );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

function robots(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${new URL(seo.files.sitemap, siteUrl).href}\n`;
}

function squarePng(markSvg: string, file: SizedFile, tiled: boolean): Buffer {
  if (!tiled) return png(markSvg, { fitTo: { mode: "width", value: file.width } });
  return png(tileSvg(markSvg, file.width));
}

export async function writeSeoAssets({ distDir, siteUrl }: { distDir: string; siteUrl: string }) {
  const markSvg = await readFile(LOGO_MARK, "utf8");
  const require = createRequire(import.meta.url);
  const fontFiles = FONT_FILES.map((file) => require.resolve(`@expo-google-fonts/inter/${file}`));
  const { files } = seo;
  const outputs: [string, string | Buffer][] = [
    [
      files.ogImage.path,
      png(ogImageSvg(markSvg, fontFiles), {
        font: { fontFiles, defaultFontFamily: FONT_FAMILY },
      }),
    ],
    [files.faviconSvg, markSvg],
    [files.faviconPng.path, squarePng(markSvg, files.faviconPng, false)],
    [files.appleTouchIcon.path, squarePng(markSvg, files.appleTouchIcon, true)],
    ...files.manifestIcons.map((icon): [string, Buffer] => [
      icon.path,
      squarePng(markSvg, icon, true),
    ]),
    [files.manifest, manifest()],
    [files.robots, robots(siteUrl)],
    [files.sitemap, sitemap(siteUrl)],
  ];
  await Promise.all(outputs.map(([path, body]) => writeFile(join(distDir, path), body)));
  return outputs.map(([path]) => path);
}
