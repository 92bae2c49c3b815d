/**
 * Vite plugin: Vite wraps each dynamic `import()` of a client build in its preload helper, which
 * fetches the chunk's stylesheets and (with module preloading on) its imports before the chunk. Here
 * there are none: the app's one stylesheet belongs to the entry, which every lazy import is made
 * from, and module preloading is off (`modulePreload: false`: the app preloads what a send needs
 * itself). So the helper is the plain import: about 0.5 KB of gzip of the app's entry. The build
 * stops if an import ever gets something to preload, which this helper would leave behind.
 * Added to vite.config.ts as lazyImportsPlugin().
 */
import type { Plugin, Rollup } from "vite";

/** Vite's preload helper's module id, exactly (a virtual module: `\0`, then its name). */
const PRELOAD_HELPER = /^\0vite\/preload-helper\.js$/;
/** What Vite writes before a chunk whose imports have something to preload. */
const PRELOAD_LIST = "__vite__mapDeps";

/** The chunks of `bundle` with a lazy import that has files to preload. */
export function chunksWithPreloads(bundle: Rollup.OutputBundle): string[] {
  return Object.values(bundle)
    .filter((file) => file.type === "chunk" && file.code.includes(PRELOAD_LIST))
    .map((file) => file.fileName);
}

export function lazyImportsPlugin(): Plugin {
  return {
    name: "bulwark:lazy-imports",
    apply: "build",
    transform: {
      filter: { id: { include: [PRELOAD_HELPER] } },
      handler() {
        return { code: "export const __vitePreload = (load) => load();", map: null };
      },
    },
    generateBundle(_options, bundle) {
      const withPreloads = chunksWithPreloads(bundle);
      if (withPreloads.length > 0) {
        this.error(`lazy imports with files to preload, which the helper skips: ${withPreloads}`);
      }
    },
  };
}
