/**
 * Writes one HTML file per route (and 404.html) from the built client template and server bundle,
 * and reports the hashes of the inline scripts the CSP must allow. Called by scripts/build.ts.
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

function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, body]) =>
      `sha256-${createHash("sha256")
        .update(body ?? "")
        .digest("base64")}`,
  );
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
  const template = await readFile(templatePath, "utf8");
  const { render, emailOrigin } = (await import(
    pathToFileURL(resolve(serverEntry)).href
  )) as ServerEntry;
  await rm(templatePath);
  const pages: string[] = [];
  const hashes = new Set<string>();
  for (const route of [...routes, notFoundRoute]) {
    const { head, html } = await render(route, siteUrl);
    const page = template.replace("<!--app-head-->", head).replace("<!--app-html-->", html);
    const file = join(distDir, route.file);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, page);
    pages.push(route.file);
    for (const hash of inlineScriptHashes(page)) hashes.add(hash);
  }
  return { pages, settings: { emailOrigin, inlineScriptHashes: [...hashes].sort() } };
}
