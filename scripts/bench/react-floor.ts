/**
 * The React floor: the least a prerendered React 19 page needs to own one form while keeping the
 * site's LCP rule (its app starts after its first contentful paint and a frame), built by the bench
 * itself with the site's React, Vite and React plugin (react-floor/, floor-build.ts), rendered to
 * HTML at build time by its own server entry, hydrated with hydrateRoot, and served in brotli
 * beside the site. It is now a printed reference ("the LCP-safe one-form floor"): form
 * live and the input during start-up are judged against the same-page floor
 * (same-page-floor.ts), whose first screen is the site's; its own LCP is still checked against the
 * bare page's (scripts/bench/budgets.ts).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";
import { buildFloorClient, floorConfig, loaderScript } from "./floor-build";

const floorDir = resolve(import.meta.dirname, "react-floor");

/** The floor's page: the served markup, and the loader that starts its entry after the first paint. */
function pageHtml(entry: string, markup: string): string {
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>React floor</title><link rel="icon" href="data:,">',
    `<script>${loaderScript(entry)}</script>`,
    `</head><body><div id="root">${markup}</div></body></html>`,
  ].join("");
}

/** Its markup as served, rendered by its own server entry (built in a temporary folder). */
async function renderMarkup(): Promise<string> {
  const serverDir = await mkdtemp(join(tmpdir(), "bench-react-floor-"));
  try {
    // React bundled in: the temporary folder has no node_modules to resolve it from.
    await build({
      ...floorConfig(floorDir),
      ssr: { noExternal: true },
      build: { outDir: serverDir, emptyOutDir: true, ssr: resolve(floorDir, "entry-server.tsx") },
    });
    const server = (await import(pathToFileURL(join(serverDir, "entry-server.js")).href)) as {
      render(): string;
    };
    return server.render();
  } finally {
    await rm(serverDir, { recursive: true, force: true });
  }
}

/** Builds the floor and returns its files by URL path. */
export async function buildReactFloor(): Promise<Map<string, Buffer>> {
  const { files, entry } = await buildFloorClient(floorConfig(floorDir));
  files.set("/", Buffer.from(pageHtml(entry, await renderMarkup())));
  return files;
}
