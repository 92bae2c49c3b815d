/**
 * The React floor: the least a prerendered React 19 page needs to own one form, built by the bench
 * itself with the site's React, Vite and React plugin (react-floor/), rendered to HTML at build
 * time by its own server entry, hydrated with hydrateRoot, and served in brotli beside the site. Its "form live" is
 * the yardstick for the site's (scripts/bench/budgets.ts).
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build, type InlineConfig } from "vite";

const floorDir = resolve(import.meta.dirname, "react-floor");

type Manifest = Record<string, { file: string; isEntry?: boolean }>;

/** The floor's page, like any Vite SSR page: the served markup and its entry as a module script. */
function pageHtml(entry: string, markup: string): string {
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>React floor</title><link rel="icon" href="data:,">',
    `<script type="module" src="/${entry}"></script>`,
    `</head><body><div id="root">${markup}</div></body></html>`,
  ].join("");
}

/** Builds the floor in a temporary folder and returns its files by URL path. */
export async function buildReactFloor(): Promise<Map<string, Buffer>> {
  const outDir = await mkdtemp(join(tmpdir(), "bench-react-floor-"));
  try {
    const common: InlineConfig = {
      configFile: false,
      root: floorDir,
      logLevel: "warn",
      mode: "production",
      plugins: [react()],
    };
    await build({
      ...common,
      build: {
        outDir,
        emptyOutDir: true,
        manifest: true,
        rollupOptions: { input: resolve(floorDir, "entry-client.tsx") },
      },
    });
    const serverDir = join(outDir, "server");
    // React bundled in: the temporary folder has no node_modules to resolve it from.
    await build({
      ...common,
      ssr: { noExternal: true },
      build: { outDir: serverDir, emptyOutDir: true, ssr: resolve(floorDir, "entry-server.tsx") },
    });
    const server = (await import(pathToFileURL(join(serverDir, "entry-server.js")).href)) as {
      render(): string;
    };
    const manifest = JSON.parse(
      await readFile(join(outDir, ".vite/manifest.json"), "utf8"),
    ) as Manifest;
    const files = new Map<string, Buffer>();
    for (const chunk of Object.values(manifest)) {
      files.set(`/${chunk.file}`, await readFile(join(outDir, chunk.file)));
    }
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
    if (!entry) throw new Error("the React floor's build has no entry");
    files.set("/", Buffer.from(pageHtml(entry.file, server.render())));
    return files;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
