/**
 * The React floor: the least a prerendered React 19 page needs to own one form while keeping the
 * site's LCP rule (its app starts after its first contentful paint and a frame), built by the bench
 * itself with the site's React, Vite and React plugin (react-floor/), rendered to HTML at build
 * time by its own server entry, hydrated with hydrateRoot, and served in brotli beside the site.
 * Its "form live" and its input during start-up are the yardsticks for the site's, and its own LCP
 * is checked against the bare page's (scripts/bench/budgets.ts).
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build, type InlineConfig } from "vite";

const floorDir = resolve(import.meta.dirname, "react-floor");

type Manifest = Record<string, { file: string; isEntry?: boolean }>;

/** Where paint timing is missing, the floor's app starts this late (as the site's loader does). */
const FIRST_PAINT_GRACE_MS = 1000;

/**
 * The floor keeps the site's LCP rule (src/app/start-up/inline-loader.ts): its app starts only after
 * its own first contentful paint and one frame more, so its download can never land before the
 * largest paint Lighthouse observes. An inline script observes the paint entry, waits for an
 * intersection observer's first notice (a task after the next frame's rendering, the site's own
 * wait), then adds the module script; a timer starts it after FIRST_PAINT_GRACE_MS if no paint is
 * reported. A floor that starts during its parse measures an LCP 1.77x the bare page's (issue 55):
 * no floor for a site that may not.
 */
function loaderScript(entry: string): string {
  return `(() => {
  let start = () => {
    start = () => {};
    const script = document.createElement("script");
    script.type = "module";
    script.src = ${JSON.stringify(`/${entry}`)};
    document.head.append(script);
  };
  try {
    new PerformanceObserver((list) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      new IntersectionObserver(() => start()).observe(document.body);
    }).observe({ type: "paint" });
  } catch {}
  setTimeout(() => start(), ${FIRST_PAINT_GRACE_MS});
})();`;
}

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
