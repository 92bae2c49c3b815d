// Vite plugin that writes src/generated/world-map.svg (the dotted world map) before a build.
// Added to vite.config.ts as worldMapPlugin(); runs at `vite build` and dev-server start.

import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Plugin } from "vite";
import { renderWorldMapSvg } from "./world-map.ts";

/** Where the map is written, relative to the Vite root (imported as "@/generated/world-map.svg"). */
const WORLD_MAP_OUTPUT = "src/generated/world-map.svg";

/** Drawn once per process: a build runs this plugin for the client and the server bundle. */
let drawn: string | undefined;

/** Writes the SVG only when it is missing or stale, so the dev watcher is not woken for nothing. */
function writeWorldMapSvg(root: string): boolean {
  const file = resolve(root, WORLD_MAP_OUTPUT);
  drawn ??= renderWorldMapSvg();
  const svg = drawn;
  let current: string | undefined;
  try {
    current = readFileSync(file, "utf8");
  } catch {
    current = undefined;
  }
  if (current === svg) return false;
  mkdirSync(dirname(file), { recursive: true });
  // Written whole, then renamed into place: the test stacks build several sites at once, and a
  // build must never read the half-written file of another.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, svg);
  renameSync(partial, file);
  return true;
}

export function worldMapPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: "bulwark:world-map",
    // Also run for the SSR environment in dev, in case it resolves the SVG before the client.
    perEnvironmentStartEndDuringDev: true,
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      // Called once per build and when the dev server starts (resolveId waits for it).
      writeWorldMapSvg(root);
    },
  };
}
