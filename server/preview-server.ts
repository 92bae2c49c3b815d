/**
 * The static server of `npm run preview` and `npm start`: serves a built site (dist/) on 127.0.0.1
 * the way a static host would: production headers (scripts/build/http-headers.ts), brotli or gzip,
 * each page at its clean URL (server/clean-urls.ts), 404.html with status 404; optionally over
 * HTTPS with an http-to-https redirect. The command around it, and what finds a build to serve, is
 * server/preview.ts.
 */
import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { Socket } from "node:net";
import { extname, resolve, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import {
  type BuildSettings,
  cacheControl,
  type HeaderMap,
  securityHeaders,
} from "../scripts/build/http-headers";
import { negotiateEncoding } from "./accept-encoding";
import { answerFor } from "./clean-urls";
import { closeServer, listenOn } from "./ports";

/** The content type of each kind of file the build writes, by extension (the bench serves by it too). */
export const CONTENT_TYPES: Record<string, string> = {
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
/** The port `npm run preview` and `npm start` serve on when PORT is unset. */
export const DEFAULT_PREVIEW_PORT = 4173;
/** Brotli first: every browser takes it, and the landing page then fits the first round trip. */
const ENCODINGS = ["br", "gzip"] as const;
/**
 * After refusing a request whose headers were too large, the client may still be sending them;
 * reading (and discarding) the rest for a moment lets it read our answer instead of a reset.
 */
const REFUSAL_DRAIN_MS = 1000;

export type PreviewOptions = {
  distDir: string;
  settings: BuildSettings;
  port?: number;
  /** The setting a person changes when `port` is busy. Default: PORT. */
  portSetting?: string;
  /** Serve HTTPS with this key and certificate, and redirect plain HTTP on `redirectPort`. */
  tls?: { key: string | Buffer; cert: string | Buffer; redirectPort?: number };
};

async function readIfFile(path: string): Promise<Buffer | null> {
  try {
    return (await stat(path)).isFile() ? await readFile(path) : null;
  } catch {
    return null;
  }
}

/** The file of dist/ a static host would serve for a URL path, or where it would redirect. */
async function resolveAnswer(distDir: string, urlPath: string) {
  const root = resolve(distDir);
  const inside = (file: string) => {
    const path = resolve(root, file);
    return path.startsWith(`${root}${sep}`) ? path : undefined;
  };
  const isFile = async (file: string) => {
    const path = inside(file);
    return path ? (await stat(path).catch(() => undefined))?.isFile() === true : false;
  };
  const answer = await answerFor(urlPath, isFile);
  if (answer.kind !== "file") return answer;
  const path = inside(answer.file);
  const body = path ? await readIfFile(path) : null;
  return path && body ? { kind: "file" as const, path, body } : { kind: "notFound" as const };
}

type Encoding = (typeof ENCODINGS)[number];

/** The encoding a static host would answer with: brotli where the browser takes it, as they all do. */
function chooseEncoding(request: IncomingMessage, extension: string): Encoding | undefined {
  if (!COMPRESSIBLE.has(extension)) return undefined;
  return negotiateEncoding(request.headers["accept-encoding"], ENCODINGS);
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Each file compressed once, at the top levels, as hosts precompress: the landing page must fit the
 * first round trip. Keyed by path and content, so a rebuild under a running server is seen. On the
 * thread pool, never on the event loop: a file's first compression (half a second for the app's
 * chunk) must not hold up another request, or the emulator when it shares the process.
 */
const compressed = new Map<string, Promise<Buffer>>();

function compress(filePath: string, body: Buffer, encoding: Encoding): Promise<Buffer> {
  const key = `${encoding} ${filePath} ${createHash("sha256").update(body).digest("base64")}`;
  let payload = compressed.get(key);
  if (!payload) {
    payload =
      encoding === "br"
        ? brotliAsync(body, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          })
        : gzipAsync(body, { level: 9 });
    compressed.set(key, payload);
  }
  return payload;
}

/**
 * Compresses every file of dist/ a browser would get in brotli before the server answers, as a host
 * does at deploy: no visitor (or test) waits for a first compression.
 */
async function precompress(distDir: string): Promise<void> {
  const files = await readdir(distDir, { recursive: true });
  await Promise.all(
    files
      .filter((file) => COMPRESSIBLE.has(extname(file)))
      .map(async (file) => {
        const path = resolve(distDir, file);
        const body = await readIfFile(path);
        if (body) await compress(path, body, "br");
      }),
  );
}

async function send(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  filePath: string,
  body: Buffer,
  headers: HeaderMap,
) {
  const extension = extname(filePath);
  const encoding = chooseEncoding(request, extension);
  const payload = encoding ? await compress(filePath, body, encoding) : body;
  response.writeHead(status, {
    ...headers,
    "Content-Type": CONTENT_TYPES[extension] ?? "application/octet-stream",
    "Content-Length": String(payload.length),
    Vary: "Accept-Encoding",
    ...(encoding ? { "Content-Encoding": encoding } : {}),
  });
  response.end(request.method === "HEAD" ? undefined : payload);
}

function previewHandler({ distDir, settings }: Pick<PreviewOptions, "distDir" | "settings">) {
  const security = securityHeaders(settings);
  return async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { ...security, Allow: "GET, HEAD" }).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    } catch {
      response.writeHead(400, security).end();
      return;
    }
    const found = await resolveAnswer(distDir, pathname);
    if (found.kind === "redirect") {
      // As the hosts do: one clean URL per page, the others moved there for good.
      const location = `${found.location}${new URL(request.url ?? "/", "http://localhost").search}`;
      response.writeHead(308, { ...security, Location: location }).end();
      return;
    }
    if (found.kind === "file") {
      const headers = { ...security, "Cache-Control": cacheControl(pathname) };
      await send(request, response, 200, found.path, found.body, headers);
      return;
    }
    const notFound = resolve(distDir, NOT_FOUND_FILE);
    const body = (await readIfFile(notFound)) ?? Buffer.from("Not found");
    await send(request, response, 404, notFound, body, {
      ...security,
      "Cache-Control": cacheControl("/"),
    });
  };
}

/**
 * A request the parser refuses (headers over Node's 16 KB limit: 431; anything malformed: 400) gets
 * a real answer, and the connection is closed only once the client has stopped sending: closing it
 * with unread bytes would reset it, and the client would see the reset instead of the status.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket) {
  if (!socket.writable || error.code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  const [status, text] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "Request Header Fields Too Large"]
      : [400, "Bad Request"];
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
  const cutOff = setTimeout(() => socket.destroy(), REFUSAL_DRAIN_MS);
  socket.once("close", () => clearTimeout(cutOff));
  socket.resume();
}

export async function startPreviewServer(options: PreviewOptions) {
  await precompress(options.distDir);
  const handler = previewHandler(options);
  const { tls } = options;
  const server = tls
    ? createHttpsServer({ key: tls.key, cert: tls.cert }, handler)
    : createHttpServer(handler);
  server.on("clientError", answerClientError);
  const setting = options.portSetting ?? "PORT";
  const port = await listenOn(server, options.port ?? DEFAULT_PREVIEW_PORT, setting);
  const url = `${tls ? "https" : "http"}://127.0.0.1:${port}`;
  const servers = [server];
  let redirectUrl: string | undefined;
  if (tls?.redirectPort !== undefined) {
    const redirect = createHttpServer((request, response) => {
      const host = (request.headers.host ?? "127.0.0.1").replace(/:\d+$/, "");
      response.writeHead(301, { Location: `https://${host}:${port}${request.url ?? "/"}` }).end();
    });
    redirectUrl = `http://127.0.0.1:${await listenOn(redirect, tls.redirectPort, setting)}`;
    servers.push(redirect);
  }
  return {
    url,
    redirectUrl,
    close: async () => {
      await Promise.all(servers.map(closeServer));
    },
  };
}
