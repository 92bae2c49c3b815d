/**
 * Serves the built site (dist/) on 127.0.0.1 the way a static host would: production headers, gzip,
 * `/success` from success/index.html and 404.html with status 404. Run: npm run preview.
 */
import { readFile, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { extname, join, normalize, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { cacheControl, securityHeaders } from "./http-headers";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".woff2": "font/woff2",
};
const COMPRESSIBLE = new Set([
  ".html",
  ".js",
  ".css",
  ".svg",
  ".json",
  ".webmanifest",
  ".txt",
  ".xml",
]);
const NOT_FOUND_FILE = "404.html";

export type PreviewOptions = { distDir: string; emailOrigin: string; port?: number };

async function readIfFile(path: string): Promise<Buffer | null> {
  try {
    return (await stat(path)).isFile() ? await readFile(path) : null;
  } catch {
    return null;
  }
}

/** Maps a URL path to the file a static host would serve: exact file, then folder/index.html. */
async function resolveFile(distDir: string, urlPath: string) {
  const relative = normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, "");
  const base = resolve(distDir, `.${sep}${relative}`);
  if (!base.startsWith(resolve(distDir))) return null;
  for (const candidate of [base, join(base, "index.html"), `${base}.html`]) {
    const body = await readIfFile(candidate);
    if (body && !candidate.endsWith(NOT_FOUND_FILE)) return { path: candidate, body };
  }
  return null;
}

function send(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  filePath: string,
  body: Buffer,
  headers: Record<string, string>,
) {
  const extension = extname(filePath);
  const gzip =
    COMPRESSIBLE.has(extension) &&
    /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""));
  const payload = gzip ? gzipSync(body) : body;
  response.writeHead(status, {
    ...headers,
    "Content-Type": CONTENT_TYPES[extension] ?? "application/octet-stream",
    "Content-Length": String(payload.length),
    Vary: "Accept-Encoding",
    ...(gzip ? { "Content-Encoding": "gzip" } : {}),
  });
  response.end(request.method === "HEAD" ? undefined : payload);
}

export function createPreviewServer({ distDir, emailOrigin }: PreviewOptions): Server {
  const security = securityHeaders(emailOrigin);
  return createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { ...security, Allow: "GET, HEAD" }).end();
      return;
    }
    const found = await resolveFile(distDir, url.pathname);
    if (found) {
      send(request, response, 200, found.path, found.body, {
        ...security,
        "Cache-Control": cacheControl(url.pathname),
      });
      return;
    }
    const notFound = join(distDir, NOT_FOUND_FILE);
    send(request, response, 404, notFound, (await readIfFile(notFound)) ?? Buffer.from(""), {
      ...security,
      "Cache-Control": cacheControl("/404"),
    });
  });
}

export async function startPreviewServer(options: PreviewOptions) {
  const server = createPreviewServer(options);
  await new Promise<void>((ready) => server.listen(options.port ?? 4173, "127.0.0.1", ready));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : (options.port ?? 4173);
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** The settings the site was built with, read from the server bundle the build left beside dist/. */
export async function readBuildSettings(buildDir: string): Promise<{ emailOrigin: string }> {
  const entry = pathToFileURL(resolve(buildDir, "dist-ssr/entry-server.js")).href;
  const { buildSettings } = (await import(entry)) as { buildSettings: { emailOrigin: string } };
  return buildSettings;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const root = process.cwd();
  const port = Number(process.env.PORT) || 4173;
  const { emailOrigin } = await readBuildSettings(root);
  const preview = await startPreviewServer({ distDir: resolve(root, "dist"), emailOrigin, port });
  console.log(`Bulwark site: ${preview.url}`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => void preview.close().then(() => process.exit(0)));
  }
}
