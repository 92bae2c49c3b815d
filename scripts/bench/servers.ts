/**
 * The bench's servers: the production build served as the static hosts serve it (and again with
 * the field signals on), and beside it the bare reference page, the React floor and the same-page
 * floor.
 */
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, resolve } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { closeServer, ensurePortFree, freePort, listenOn, readPort } from "../../server/ports";
import { readBuildSettings } from "../../server/preview";
import { CONTENT_TYPES, startPreviewServer } from "../../server/preview-server";
import { buildSite } from "../build/build";
import { FIXED_SECURITY_HEADERS } from "../build/http-headers";
import { buildReactFloor } from "./react-floor";
import { buildSamePageFloor } from "./same-page-floor";

/** A production build refuses to run without these; the bench never submits, so placeholders do. */
const PLACEHOLDER_ENV = {
  VITE_EMAILJS_PUBLIC_KEY: "bench-public-key",
  VITE_EMAILJS_SERVICE_ID: "bench-service-id",
  VITE_EMAILJS_TEMPLATE_ID: "bench-template-id",
};

const root = resolve(import.meta.dirname, "../..");
const referenceFile = resolve(root, "bench/reference.html");

export type Served = { url: string; close(): Promise<void> };
/** A build of the site, served, and where its files are (the same-page floor is made from them). */
type ServedSite = Served & { distDir: string };

/**
 * Where the bench listens: BENCH_PORT for the site, the next port for the reference page, the
 * one after for Lighthouse's Chromium, the next for the React floor, the next for the build with
 * the field signals and the next for the same-page floor; unset, ports the system picks.
 */
const BENCH_PORT = readPort(process.env, "BENCH_PORT", 0);
const portAfterBase = (offset: number) => (BENCH_PORT === 0 ? 0 : BENCH_PORT + offset);
export const CHROME_DEBUG_PORT = portAfterBase(2);
const SIGNALS_PORT_OFFSET = 4;
const SAME_PAGE_FLOOR_PORT_OFFSET = 5;

/**
 * The field signals' settings for the second build (docs/analytics.md): events to a path on the
 * site's own origin, as an operator with a host proxy would set it. On 127.0.0.1 Plausible's
 * tracker counts nothing (its guard against local pages), so the bench weighs and times its load
 * and start, not a post to anyone.
 */
const SIGNALS_ENV = {
  VITE_PLAUSIBLE_DOMAIN: "bench.example",
  VITE_PLAUSIBLE_ENDPOINT: "/api/event",
};
/** The default build is the default, whatever the shell says. */
const NO_SIGNALS_ENV = { VITE_PLAUSIBLE_DOMAIN: "" };

/** Runs `work` with `settings` in the environment the build reads, then puts the environment back. */
async function withSettings<T>(settings: Record<string, string>, work: () => Promise<T>) {
  const before = Object.fromEntries(Object.keys(settings).map((name) => [name, process.env[name]]));
  Object.assign(process.env, settings);
  try {
    return await work();
  } finally {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/**
 * Builds the production site into `outDir` and serves it with the production headers; with
 * `signals`, the build with the field signals on, on its own port.
 */
export async function buildAndServe(outDir: string, { signals = false } = {}): Promise<ServedSite> {
  const wanted = portAfterBase(signals ? SIGNALS_PORT_OFFSET : 0);
  await ensurePortFree(wanted, "BENCH_PORT");
  // The build needs its own origin (canonical links) before the preview server can start.
  const port = wanted || (await freePort());
  const siteOrigin = `http://127.0.0.1:${port}`;
  const placeholders = Object.entries(PLACEHOLDER_ENV).map(([name, value]) => [
    name,
    process.env[name] ?? value,
  ]);
  const settings = {
    ...Object.fromEntries(placeholders),
    ...(signals ? SIGNALS_ENV : NO_SIGNALS_ENV),
    SITE_URL: siteOrigin,
  };
  console.log(`Building the production site into ${outDir} for ${siteOrigin}...`);
  // Served on 127.0.0.1, which it names as its SITE_URL: a production build refuses a loopback
  // address unless code says the site stays on this machine (docs/configuration.md, "Production
  // builds on this machine").
  const { distDir } = await withSettings(settings, () =>
    buildSite({ mode: "production", outDir, localServices: true }),
  );
  const served = await startPreviewServer({
    distDir,
    settings: await readBuildSettings(outDir),
    port,
    portSetting: "BENCH_PORT",
  });
  return { ...served, distDir };
}

/**
 * Files by URL path (`/` for the page), each in brotli as the site's are (in gzip to a client that
 * takes no brotli: the bench weighs scripts both ways), with the site's security headers but its
 * CSP, whose hashes name the site's own inline script and style: the opener policy among them moves
 * a page out of the blank tab's renderer into a fresh one, which the site's pages pay and the floors
 * must too (docs/performance.md, "The floors' headers").
 */
async function serveCompressed(files: Map<string, Buffer>, portOffset: number): Promise<Served> {
  const bodies = new Map(
    [...files].map(
      ([path, body]) => [path, { br: brotliCompressSync(body), gzip: gzipSync(body) }] as const,
    ),
  );
  const server = createServer((request, response) => {
    const path = request.url ?? "/";
    const body = bodies.get(path);
    if (!body) {
      response.writeHead(404).end();
      return;
    }
    const encoding = /\bbr\b/.test(String(request.headers["accept-encoding"])) ? "br" : "gzip";
    const extension = path === "/" ? ".html" : extname(path);
    response
      .writeHead(200, {
        ...FIXED_SECURITY_HEADERS,
        "Content-Type": CONTENT_TYPES[extension] ?? "application/octet-stream",
        "Content-Encoding": encoding,
        "Content-Length": String(body[encoding].length),
      })
      .end(body[encoding]);
  });
  const port = await listenOn(server, portAfterBase(portOffset), "BENCH_PORT");
  return { url: `http://127.0.0.1:${port}`, close: () => closeServer(server) };
}

/** The bare reference page, in brotli as the site's pages are. */
export async function startReferenceServer(): Promise<Served> {
  return serveCompressed(new Map([["/", await readFile(referenceFile)]]), 1);
}

/** The React floor (scripts/bench/react-floor.ts), built now and served in brotli the same way. */
export async function startReactFloorServer(): Promise<Served> {
  console.log("Building the React floor...");
  return serveCompressed(await buildReactFloor(), 3);
}

/**
 * The same-page floor (scripts/bench/same-page-floor.ts), built now from the site's build in
 * `distDir` (its `/` and its files), and served in brotli the same way.
 */
export async function startSamePageFloorServer(distDir: string): Promise<Served> {
  console.log("Building the same-page floor from the site's build...");
  return serveCompressed(await buildSamePageFloor(distDir), SAME_PAGE_FLOOR_PORT_OFFSET);
}
