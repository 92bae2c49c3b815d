/**
 * Writes one HTML file per route (and 404.html) from the built client template and server bundle:
 * the CSS inlined, the app started by the inline loader, and the hashes of the inline blocks the CSP
 * must allow. Every substitution must happen exactly once, or the build stops. Called by
 * scripts/build/build.ts.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { notFoundRoute, type PrerenderRoute, routes } from "../../src/app/routes";
import { escapeMarkup } from "../../src/lib/escape-markup";
import type { TrustSettings } from "../../src/lib/trust-settings";
import { fillSlot } from "./fill-slot";
import { buildInlineLoader } from "./inline-loader-build";
import { toSourcePlaces } from "./source-location";
import { staticContentFaults, withoutMarks } from "./static-content-marks";

type ServerEntry = {
  render: (
    route: PrerenderRoute,
    siteUrl: string,
    options: { trust: TrustSettings },
  ) => Promise<{ head: string; html: string }>;
  emailOrigin: string;
  manifestHref: string;
};

/** What Vite's manifest says about a chunk (build.manifest in vite.config.ts). */
type ManifestEntry = { file: string; css?: string[]; imports?: string[] };

/**
 * The lazily loaded modules a send and its outcome need (the EmailJS SDK, the toaster): the app
 * preloads them, with what they import, once the page is idle (entry-client.tsx), so going offline or
 * a redeploy after load never hides the outcome of a send.
 */
const SEND_OUTCOME_MODULES = [
  "node_modules/@emailjs/browser/es/index.js",
  "src/components/ui/toaster.tsx",
];

const VITE_MANIFEST = ".vite/manifest.json";
const HTML_ENTRY = "index.html";
/**
 * Inline scripts the browser runs: a data block (the JSON-LD, the form's end mark) never runs, so
 * needs no CSP hash.
 */
const INLINE_SCRIPT =
  /<script(?![^>]*\bsrc=)(?![^>]*\btype="(?:application\/ld\+json|text\/plain)")[^>]*>([\s\S]*?)<\/script>/g;
const INLINE_STYLE = /<style>([\s\S]*?)<\/style>/g;
/**
 * Tailwind's `/*! ... *\/` banner, dropped from the inlined CSS as the JavaScript bundler drops every
 * legal comment: it would cost every page's first round trip some 60 B of brotli.
 */
const LEGAL_COMMENT = /\/\*![\s\S]*?\*\//g;
/**
 * A translucent colour as Lightning CSS (in Tailwind's build) writes it: hex, then the same colour
 * again as `lab()` for the browsers that read it. It is one sRGB colour either way (the hex's alpha
 * to 1/255), and every browser reads the hex: the `lab()` twin would cost the first round trip
 * some 265 B of brotli.
 */
const LAB_TWIN = /([{;])([a-z-]+):(#[0-9a-f]{4}|#[0-9a-f]{8});\2:lab\([^)]*\)/g;

/** The built CSS as the pages inline it: no licence banner, each translucent colour once. */
export function inlinedCss(css: string): string {
  return css.replace(LEGAL_COMMENT, "").replace(LAB_TWIN, "$1$2:$3").trim();
}

export class PrerenderError extends Error {}

/** The whole tag (`<script …></script>` or `<link … />`) whose attributes hold `needle` once. */
export function tagHolding(html: string, needle: string, tag: "script" | "link"): string {
  const at = html.indexOf(needle);
  if (at === -1 || html.indexOf(needle, at + 1) !== -1) {
    throw new PrerenderError(`Expected one <${tag}> holding ${needle} in the page template.`);
  }
  const start = html.lastIndexOf(`<${tag}`, at);
  const close = tag === "script" ? "</script>" : ">";
  const end = html.indexOf(close, at);
  if (start === -1 || end === -1) throw new PrerenderError(`Unreadable <${tag}> around ${needle}.`);
  return html.slice(start, end + close.length);
}

function hashes(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map(
    ([, body]) =>
      `sha256-${createHash("sha256")
        .update(body ?? "")
        .digest("base64")}`,
  );
}

/** The files of SEND_OUTCOME_MODULES and of the chunks they import, but the entry's own. */
function sendOutcomeFiles(manifest: Record<string, ManifestEntry>): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk)
      throw new PrerenderError(`Vite's manifest has no ${key}: what does a send need now?`);
    if (key === HTML_ENTRY || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of SEND_OUTCOME_MODULES) visit(key);
  return [...files];
}

/**
 * The template with its stylesheet links replaced by the CSS itself (about 6 KB gzip: the first
 * paint needs no second round trip, the bench's LCP bar) and its entry script replaced by the inline
 * loader, which starts the app after the first paint. The CSS files are removed: nothing else uses them.
 */
async function pageTemplate(
  distDir: string,
  { giveUpMs, manifestHref }: { giveUpMs: number; manifestHref: string },
): Promise<string> {
  const manifest = JSON.parse(await readFile(join(distDir, VITE_MANIFEST), "utf8")) as Record<
    string,
    ManifestEntry
  >;
  const entry = manifest[HTML_ENTRY];
  if (!entry) throw new PrerenderError(`Vite's manifest has no ${HTML_ENTRY} entry.`);
  let html = await readFile(join(distDir, HTML_ENTRY), "utf8");
  for (const css of entry.css ?? []) {
    const file = join(distDir, css);
    const style = `<style>${inlinedCss(await readFile(file, "utf8"))}</style>`;
    html = fillSlot(html, tagHolding(html, `href="/${css}"`, "link"), style);
    await rm(file);
  }
  const settings = {
    app: `/${entry.file}`,
    preload: sendOutcomeFiles(manifest).join(" "),
    manifest: manifestHref,
    "give-up-ms": String(giveUpMs),
  };
  const attributes = Object.entries(settings).map(
    ([name, value]) => ` data-${name}="${escapeMarkup(value)}"`,
  );
  const loader = `<script${attributes.join("")}>${await buildInlineLoader()}</script>`;
  html = fillSlot(html, tagHolding(html, `src="/${entry.file}"`, "script"), loader);
  await rm(join(distDir, ".vite"), { recursive: true });
  return html;
}

const root = resolve(import.meta.dirname, "../..");

/**
 * Stops the build when a page has a control inside StaticContent
 * (scripts/build/static-content-marks.ts), naming the page and the source files, mapped back from
 * the server bundle.
 */
export function refuseStaticControls(faults: string[]): void {
  if (faults.length === 0) return;
  throw new PrerenderError(
    "Build stopped: a control inside StaticContent is never hydrated, so it would ship dead. " +
      `Move it out of StaticContent:\n${toSourcePlaces(faults.join("\n"), root)}`,
  );
}

export async function prerender({
  distDir,
  serverEntry,
  siteUrl,
  giveUpMs,
  trust,
}: {
  distDir: string;
  serverEntry: string;
  siteUrl: string;
  /** How long a submit kept before the app starts waits before the page says nothing was sent. */
  giveUpMs: number;
  /** Who runs the site and how to reach them, for the privacy notice and the footer. */
  trust: TrustSettings;
}) {
  const { render, emailOrigin, manifestHref } = (await import(
    pathToFileURL(resolve(serverEntry)).href
  )) as ServerEntry;
  const template = await pageTemplate(distDir, { giveUpMs, manifestHref });
  await rm(join(distDir, HTML_ENTRY));
  const pages: string[] = [];
  const scriptHashes = new Set<string>();
  const styleHashes = new Set<string>();
  const faults: string[] = [];
  for (const route of [...routes, notFoundRoute]) {
    const { head, html } = await render(route, siteUrl, { trust });
    faults.push(...staticContentFaults(html).map((fault) => `${route.file}: ${fault}`));
    let page = fillSlot(template, "<!--app-head-->", head);
    page = fillSlot(page, "<!--app-html-->", withoutMarks(html));
    const file = join(distDir, route.file);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, page);
    pages.push(route.file);
    for (const hash of hashes(page, INLINE_SCRIPT)) scriptHashes.add(hash);
    for (const hash of hashes(page, INLINE_STYLE)) styleHashes.add(hash);
  }
  refuseStaticControls(faults);
  const settings = {
    emailOrigin,
    inlineScriptHashes: [...scriptHashes].sort(),
    inlineStyleHashes: [...styleHashes].sort(),
  };
  return { pages, settings };
}
