/**
 * What the bench's React floors share (react-floor.ts, same-page-floor.ts): the Vite build of a
 * floor's client with the site's React, Vite and React plugin, and the inline loader that starts
 * it by the site's LCP rule.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { build, type InlineConfig } from "vite";

type Manifest = Record<string, { file: string; isEntry?: boolean }>;

/** Where paint timing is missing, a floor's app starts this late (as the site's loader does). */
const FIRST_PAINT_GRACE_MS = 1000;

/**
 * A floor keeps the site's LCP rule (src/app/start-up/inline-loader.ts): its app starts only after
 * its own first contentful paint and one frame more, so its download can never land before the
 * largest paint Lighthouse observes. An inline script observes the paint entry, waits for an
 * intersection observer's first notice (a task after the next frame's rendering, the site's own
 * wait), then adds the module script; a timer starts it after FIRST_PAINT_GRACE_MS if no paint is
 * reported. A floor that starts during its parse measures an LCP 1.77x the bare page's:
 * no floor for a site that may not.
 */
export function loaderScript(entry: string): string {
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

/** The shared settings of a floor's builds: its folder, production, the React plugin. */
export function floorConfig(root: string, define: Record<string, string> = {}): InlineConfig {
  return {
    configFile: false,
    root,
    logLevel: "warn",
    mode: "production",
    plugins: [react()],
    define,
  };
}

/**
 * Builds the floor's `entry-client.tsx` in a temporary folder; returns its files by URL path and
 * its entry chunk's file name (for loaderScript).
 */
export async function buildFloorClient(
  config: InlineConfig,
): Promise<{ files: Map<string, Buffer>; entry: string }> {
  const outDir = await mkdtemp(join(tmpdir(), "bench-floor-client-"));
  try {
    await build({
      ...config,
      build: {
        outDir,
        emptyOutDir: true,
        manifest: true,
        rollupOptions: { input: resolve(config.root ?? "", "entry-client.tsx") },
      },
    });
    const manifest = JSON.parse(
      await readFile(join(outDir, ".vite/manifest.json"), "utf8"),
    ) as Manifest;
    const files = new Map<string, Buffer>();
    for (const chunk of Object.values(manifest)) {
      files.set(`/${chunk.file}`, await readFile(join(outDir, chunk.file)));
    }
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
    if (!entry) throw new Error(`the floor's build in ${config.root} has no entry`);
    return { files, entry: entry.file };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
