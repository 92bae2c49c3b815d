/**
 * Writes one HTML file per route (and 404.html) from the built client template and server bundle,
 * with the CSS inlined, and reports the hashes of the inline blocks the CSP must allow.
 * Called by scripts/build.ts.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { notFoundRoute, type PrerenderRoute, routes } from "../src/app/routes";

type ServerEntry = {
  render: (route: PrerenderRoute, siteUrl: string) => Promise<{ head: string; html: string }>;
  emailOrigin: string;
};

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;
const INLINE_STYLE = /<style>([\s\S]*?)<\/style>/g;
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g;
const FIRST_PAINT_GRACE_MS = 1000;
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MANIFEST_LINK = /<link rel="manifest" href="([^"]+)" \/>\s*/;

function hashes(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map(
    ([, body]) =>
      `sha256-${createHash("sha256")
        .update(body ?? "")
        .digest("base64")}`,
  );
}

/**
 * Replaces the stylesheet links with the CSS itself: about 6 KB gzip, it saves the first paint a
 * round trip on a slow network (the bench's LCP bar). The file is removed, as nothing else uses it.
 */
async function inlineStylesheets(template: string, distDir: string): Promise<string> {
  let html = template;
  for (const [link, href] of template.matchAll(STYLESHEET_LINK)) {
    const file = join(distDir, href ?? "");
    const css = (await readFile(file, "utf8")).trim();
    html = html.replace(link, () => `<style>${css}</style>`);
    await rm(file);
  }
  return html;
}

/**
 * Replaces the entry <script src> with a tiny inline loader that starts, once the page has
 * painted, what the first paint does not need: the app's module and the web manifest link
 * (whose fetch, and the icon fetch it triggers, would otherwise race the first paint).
 * The CSP trusts the loader by its hash and, through 'strict-dynamic', what it loads, instead of
 * trusting every script on the origin ('self'). The module may arrive before the document is
 * parsed; entry-client.tsx waits for that. Where paint timing is missing, FIRST_PAINT_GRACE_MS.
 */
function loadAfterFirstPaint(page: string): string {
  const manifest = page.match(MANIFEST_LINK);
  const withoutManifest = manifest ? page.replace(manifest[0], "") : page;
  return withoutManifest.replace(ENTRY_SCRIPT, (_tag, src: string) => {
    const addManifest = manifest
      ? `const m=document.createElement("link");m.rel="manifest";m.href=${JSON.stringify(manifest[1])};document.head.append(m);`
      : "";
    const loader = `{let d=0;const go=()=>{if(d++)return;const s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=${JSON.stringify(src)};document.head.append(s);${addManifest}};try{new PerformanceObserver((l,o)=>{o.disconnect();setTimeout(go)}).observe({type:"paint",buffered:true})}catch{}setTimeout(go,${FIRST_PAINT_GRACE_MS})}`;
    return `<script>${loader}</script>`;
  });
}

export async function prerender({
  distDir,
  serverEntry,
  siteUrl,
}: {
  distDir: string;
  serverEntry: string;
  siteUrl: string;
}) {
  const templatePath = join(distDir, "index.html");
  const template = await inlineStylesheets(await readFile(templatePath, "utf8"), distDir);
  const { render, emailOrigin } = (await import(
    pathToFileURL(resolve(serverEntry)).href
  )) as ServerEntry;
  await rm(templatePath);
  const pages: string[] = [];
  const scriptHashes = new Set<string>();
  const styleHashes = new Set<string>();
  for (const route of [...routes, notFoundRoute]) {
    const { head, html } = await render(route, siteUrl);
    const page = loadAfterFirstPaint(
      template.replace("<!--app-head-->", head).replace("<!--app-html-->", html),
    );
    const file = join(distDir, route.file);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, page);
    pages.push(route.file);
    for (const hash of hashes(page, INLINE_SCRIPT)) scriptHashes.add(hash);
    for (const hash of hashes(page, INLINE_STYLE)) styleHashes.add(hash);
  }
  const settings = {
    emailOrigin,
    inlineScriptHashes: [...scriptHashes].sort(),
    inlineStyleHashes: [...styleHashes].sort(),
  };
  return { pages, settings };
}
