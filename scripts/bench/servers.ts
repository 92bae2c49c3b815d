/**
 * The bench's servers: the production build served as the static hosts serve it, and beside it the
 * bare reference page and the React floor.
 */
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { resolve } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { closeServer, ensurePortFree, freePort, listenOn, readPort } from "../../server/ports";
import { readBuildSettings, startPreviewServer } from "../../server/preview";
import { buildSite } from "../build";
import { buildReactFloor } from "./react-floor";

/** A production build refuses to run without these; the bench never submits, so placeholders do. */
const PLACEHOLDER_ENV = {
  VITE_EMAILJS_PUBLIC_KEY: "bench-public-key",
  VITE_EMAILJS_SERVICE_ID: "bench-service-id",
  VITE_EMAILJS_TEMPLATE_ID: "bench-template-id",
};

const root = resolve(import.meta.dirname, "../..");
const referenceFile = resolve(root, "bench/reference.html");

export type Served = { url: string; close(): Promise<void> };

/**
 * Where the bench listens: BENCH_PORT for the site, the next port for the reference page, the
 * one after for Lighthouse's Chromium and the next for the React floor; unset, ports the system picks.
 */
const BENCH_PORT = readPort(process.env, "BENCH_PORT", 0);
const portAfterBase = (offset: number) => (BENCH_PORT === 0 ? 0 : BENCH_PORT + offset);
export const CHROME_DEBUG_PORT = portAfterBase(2);

/** Builds the production site into `outDir` and serves it with the production headers. */
export async function buildAndServe(outDir: string): Promise<Served> {
  await ensurePortFree(BENCH_PORT, "BENCH_PORT");
  // The build needs its own origin (canonical links) before the preview server can start.
  const port = BENCH_PORT || (await freePort());
  const siteOrigin = `http://127.0.0.1:${port}`;
  for (const [name, value] of Object.entries(PLACEHOLDER_ENV)) process.env[name] ??= value;
  process.env.SITE_URL = siteOrigin;
  console.log(`Building the production site into ${outDir} for ${siteOrigin}...`);
  // Served on 127.0.0.1, which it names as its SITE_URL: a production build refuses a loopback
  // address unless code says the site stays on this machine (docs/configuration.md, "Production
  // builds on this machine").
  const { distDir } = await buildSite({ mode: "production", outDir, localServices: true });
  const settings = await readBuildSettings(outDir);
  return startPreviewServer({ distDir, settings, port, portSetting: "BENCH_PORT" });
}

const CONTENT_TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
};

/** Files by URL path (`/` for the page), each in brotli, as plain responses without the site's headers. */
async function serveInBrotli(files: Map<string, Buffer>, portOffset: number): Promise<Served> {
  const bodies = new Map(
    [...files].map(([path, body]) => [path, brotliCompressSync(body)] as const),
  );
  const server = createServer((request, response) => {
    const path = request.url ?? "/";
    const body = bodies.get(path);
    if (!body) {
      response.writeHead(404).end();
      return;
    }
    const extension = path === "/" ? "html" : (path.split(".").pop() ?? "");
    response
      .writeHead(200, {
        "Content-Type": CONTENT_TYPES[extension] ?? "application/octet-stream",
        "Content-Encoding": "br",
        "Content-Length": String(body.length),
      })
      .end(body);
  });
  const port = await listenOn(server, portAfterBase(portOffset), "BENCH_PORT");
  return { url: `http://127.0.0.1:${port}`, close: () => closeServer(server) };
}

/** The bare reference page, in brotli as the site's pages are. */
export async function startReferenceServer(): Promise<Served> {
  return serveInBrotli(new Map([["/", await readFile(referenceFile)]]), 1);
}

/** The React floor (scripts/bench/react-floor.ts), built now and served in brotli the same way. */
export async function startReactFloorServer(): Promise<Served> {
  console.log("Building the React floor...");
  return serveInBrotli(await buildReactFloor(), 3);
}
