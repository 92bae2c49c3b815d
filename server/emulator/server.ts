/**
 * The local EmailJS emulator on 127.0.0.1: routes, CORS, faults and limits before sends, start and
 * close. Run: npm run emulator (EMULATOR_PORT, EMULATOR_OUTBOX, EMULATOR_RATE_LIMIT, ... override).
 */
import { createServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import { resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { loadEnv } from "vite";
import { listenOn, PortError, readPort } from "../ports";
import { createFaultSwitch, describeFault, parseFault } from "./faults";
import {
  createLimitSwitch,
  type Limits,
  parseCountSetting,
  parseLimits,
  parseOutage,
  parseRateSetting,
} from "./limits";
import { openOutbox } from "./outbox";
import {
  BodyTooLargeError,
  DEFAULT_MAX_BODY_BYTES,
  type EmailRequest,
  HttpError,
  isPlainObject,
  parseFormSend,
  parseJsonSend,
  readBody,
  SEND_FORM_PATH,
  SEND_PATH,
  toOutboxEntry,
} from "./protocol";

/** Chromium caps preflight caching at two hours, so a longer value buys nothing. */
const PREFLIGHT_MAX_AGE_SECONDS = 7200;
/**
 * After an early 413 the client may still be uploading; reading (and discarding) the rest for a
 * moment lets it read our answer instead of a connection reset, then we cut it off.
 */
const OVERSIZE_DRAIN_MS = 1000;

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const EMULATOR_ENV_FILE = ".env.emulator";
/** The setting that chooses the emulator's port, named in the message when the port is busy. */
const PORT_SETTING = "EMULATOR_PORT";
/** The test controls: for test code on this machine, never for web pages. */
const CONTROL_PREFIX = "/__emulator/";
const FAULTS_PATH = "/__emulator/faults";
const OUTBOX_PATH = "/__emulator/outbox";
const LIMITS_PATH = "/__emulator/limits";
const OUTAGE_PATH = "/__emulator/outage";
const ALLOWED_METHODS: Record<string, string> = {
  [SEND_PATH]: "POST, OPTIONS",
  [SEND_FORM_PATH]: "POST, OPTIONS",
  [FAULTS_PATH]: "GET, POST, DELETE",
  [OUTBOX_PATH]: "GET",
  [LIMITS_PATH]: "GET, POST, DELETE",
  [OUTAGE_PATH]: "POST, DELETE",
};
/** The send endpoints answer any origin, as EmailJS does (its allowed-origins list aside). */
const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
  "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE_SECONDS),
};
/** The test controls: no CORS at all, and no reading by another site's page (no-cors included). */
const CONTROL_HEADERS = {
  "Cross-Origin-Resource-Policy": "same-origin",
  "X-Content-Type-Options": "nosniff",
};

type EmulatorOptions = {
  /** Default: EMULATOR_PORT from the environment or .env.emulator. 0 picks a free port. */
  port?: number;
  /** The setting a person changes when `port` is busy. Default: EMULATOR_PORT. */
  portSetting?: string;
  outboxPath?: string;
  publicKey?: string;
  serviceId?: string;
  templateId?: string;
  maxBodyBytes?: number;
  /** EmailJS's limits, off unless given; tests switch them at run time on /__emulator/limits. */
  limits?: Limits;
  /** Every send answers 503 for this long after the start (also /__emulator/outage). */
  outageMs?: number;
  /** The clock of the limits and the outage; tests pass their own. */
  now?: () => number;
  log?: (line: string) => void;
};

export type Emulator = {
  url: string;
  port: number;
  outboxPath: string;
  close(): Promise<void>;
};

/**
 * The test controls answer test code (Node's fetch, Playwright's request), never a web page: a
 * browser names the page's origin (Origin) or where the request comes from (Sec-Fetch-Site), and
 * only a person typing the address into the browser ("none") may look.
 */
function checkControlCaller(request: IncomingMessage): void {
  const site = request.headers["sec-fetch-site"];
  if (request.headers.origin !== undefined || (site !== undefined && site !== "none")) {
    throw new HttpError(403, "The emulator's test controls answer test code, not web pages.");
  }
}

/** A control's body: JSON, declared as such (a page's form or text/plain POST never is). */
function readControlJson(request: IncomingMessage, body: Buffer, what: string): unknown {
  const type = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") {
    throw new HttpError(415, `Invalid ${what}: send it as Content-Type: application/json.`);
  }
  try {
    return JSON.parse(body.toString("utf8"));
  } catch (error) {
    throw new HttpError(400, `Invalid ${what}: the body is not JSON: ${(error as Error).message}`);
  }
}

/** The ids and port the site is built with locally, so both sides agree without configuration. */
function emulatorDefaults() {
  // The environment wins over the file, so EMULATOR_PORT=4802 moves the emulator and the site.
  const env = loadEnv("emulator", REPO_ROOT, "");
  const required = (key: string) => {
    const value = env[key];
    if (!value) throw new Error(`${key} is missing from ${EMULATOR_ENV_FILE} at ${REPO_ROOT}.`);
    return value;
  };
  return {
    port: readPort(env, PORT_SETTING, Number(required(PORT_SETTING))),
    publicKey: required("VITE_EMAILJS_PUBLIC_KEY"),
    serviceId: required("VITE_EMAILJS_SERVICE_ID"),
    templateId: required("VITE_EMAILJS_TEMPLATE_ID"),
  };
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const needsDefaults = [options.port, options.publicKey, options.serviceId, options.templateId];
  const defaults = needsDefaults.includes(undefined) ? emulatorDefaults() : undefined;
  const accepted = {
    publicKey: options.publicKey ?? defaults?.publicKey ?? "",
    serviceId: options.serviceId ?? defaults?.serviceId ?? "",
    templateId: options.templateId ?? defaults?.templateId ?? "",
  };
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const log = options.log ?? ((line: string) => console.log(line));
  const outbox = await openOutbox(
    resolve(options.outboxPath ?? resolve(REPO_ROOT, ".outbox/emails.jsonl")),
    log,
  );
  const faults = createFaultSwitch();
  const limits = createLimitSwitch(options.now ?? Date.now);
  if (options.limits) limits.set(options.limits);
  if (options.outageMs) limits.startOutage(options.outageMs);
  if (options.limits || options.outageMs)
    log(`EmailJS limits on: ${JSON.stringify(limits.state())}`);
  // Ends pending fault delays when the server closes, so close() never waits for a timer.
  const lifetime = new AbortController();

  const reply = (
    response: ServerResponse,
    status: number,
    body: string,
    headers: Record<string, string> = {},
  ) => {
    if (response.headersSent || response.destroyed) return;
    const path = new URL(response.req.url ?? "/", "http://127.0.0.1").pathname;
    response.writeHead(status, {
      ...(path.startsWith(CONTROL_PREFIX) ? CONTROL_HEADERS : CORS_HEADERS),
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Length": String(Buffer.byteLength(body)),
      ...headers,
    });
    response.end(body);
  };
  const replyJson = (response: ServerResponse, status: number, value: unknown) =>
    reply(response, status, JSON.stringify(value), {
      "Content-Type": "application/json; charset=utf-8",
    });

  const handleEmail = async (
    request: IncomingMessage,
    response: ServerResponse,
    email: EmailRequest,
  ) => {
    const params = isPlainObject(email.templateParams) ? email.templateParams : {};
    const to = typeof params.email === "string" ? JSON.stringify(params.email) : "(no email param)";
    // Faults come before validation, as a real outage would: a test can fail any send it makes.
    const fault = faults.take(params);
    if (fault) log(`Fault applied to ${to} via ${email.endpoint}: ${describeFault(fault)}`);
    if (fault?.hang) return;
    if (fault?.delayMs) await sleep(fault.delayMs, undefined, { signal: lifetime.signal });
    if (fault?.drop) {
      request.socket.destroy();
      return;
    }
    if (fault?.status !== undefined) {
      reply(response, fault.status, fault.body ?? STATUS_CODES[fault.status] ?? "");
      return;
    }
    // Then EmailJS's own limits: the outage and the rate before the send is checked, the quota once
    // it is known to be a valid email. A refused send never reaches the outbox.
    const refused = limits.admit();
    if (refused) {
      log(`Send for ${to} refused: ${refused.status} ${refused.body}`);
      reply(response, refused.status, refused.body);
      return;
    }
    const entry = toOutboxEntry(email, accepted);
    const overQuota = limits.takeQuota();
    if (overQuota) {
      log(`Send for ${to} refused: ${overQuota.status} (quota used up)`);
      reply(response, overQuota.status, overQuota.body);
      return;
    }
    await outbox.append(entry);
    log(`Email accepted for ${to} via ${email.endpoint}, appended to ${outbox.path}`);
    reply(response, 200, "OK");
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const method = request.method ?? "GET";
    const control = url.pathname.startsWith(CONTROL_PREFIX);
    if (control) checkControlCaller(request);
    // A preflight is answered for the send endpoints only: no page may call the test controls.
    if (method === "OPTIONS" && !control) {
      response.writeHead(204, CORS_HEADERS).end();
      return;
    }
    const allowed = ALLOWED_METHODS[url.pathname];
    if (!allowed) {
      reply(response, 404, `Nothing here: ${method} ${url.pathname}. Send emails to ${SEND_PATH}.`);
      return;
    }
    if (!allowed.split(", ").includes(method)) {
      reply(response, 405, `${url.pathname} does not accept ${method}; use ${allowed}.`, {
        Allow: allowed,
      });
      return;
    }
    if (url.pathname === OUTBOX_PATH) {
      replyJson(response, 200, await outbox.list(url.searchParams.get("email")));
      return;
    }
    if (url.pathname === FAULTS_PATH && method !== "POST") {
      if (method === "DELETE") faults.clear();
      replyJson(response, 200, { pending: faults.pending() });
      return;
    }
    if (url.pathname === LIMITS_PATH && method !== "POST") {
      if (method === "DELETE") limits.clear();
      replyJson(response, 200, limits.state());
      return;
    }
    if (url.pathname === OUTAGE_PATH && method === "DELETE") {
      limits.startOutage(0);
      replyJson(response, 200, limits.state());
      return;
    }
    const body = await readBody(request, maxBodyBytes);
    if (url.pathname === FAULTS_PATH) {
      faults.add(parseFault(readControlJson(request, body, "fault")));
      replyJson(response, 200, { pending: faults.pending() });
      return;
    }
    if (url.pathname === LIMITS_PATH) {
      limits.set(parseLimits(readControlJson(request, body, "limits")));
      log(`Limits set: ${JSON.stringify(limits.state())}`);
      replyJson(response, 200, limits.state());
      return;
    }
    if (url.pathname === OUTAGE_PATH) {
      limits.startOutage(parseOutage(readControlJson(request, body, "outage")));
      log(`Outage: every send answers 503 for ${limits.state().outageRemainingMs} ms`);
      replyJson(response, 200, limits.state());
      return;
    }
    const email =
      url.pathname === SEND_PATH
        ? parseJsonSend(request, body)
        : await parseFormSend(request, body);
    await handleEmail(request, response, email);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      // A client that hung up, or a server shutting down, has no one left to answer.
      if (lifetime.signal.aborted || request.socket.destroyed) return;
      if (error instanceof BodyTooLargeError) {
        reply(response, 413, error.message);
        if (request.readableEnded) return;
        const cutOff = setTimeout(() => request.socket.destroy(), OVERSIZE_DRAIN_MS);
        const stop = () => {
          clearTimeout(cutOff);
          request.socket.off("close", stop);
        };
        request.once("end", stop);
        request.socket.once("close", stop);
        request.resume();
        return;
      }
      if (error instanceof HttpError) {
        reply(response, error.status, error.message);
        return;
      }
      log(`Emulator failed on ${request.method} ${request.url}: ${String(error)}`);
      reply(response, 500, `The emulator failed: ${(error as Error).message ?? String(error)}`);
    });
  });

  const port = await listenOn(
    server,
    options.port ?? defaults?.port ?? 0,
    options.portSetting ?? PORT_SETTING,
  );

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    outboxPath: outbox.path,
    close() {
      closing ??= new Promise<void>((done) => {
        lifetime.abort();
        server.close(() => done());
        // Hanging faults keep sockets open on purpose; a test run must not wait for them.
        server.closeAllConnections();
      }).then(() => outbox.settled());
      return closing;
    },
  };
}

/**
 * Options from the environment, for `npm run emulator`, `npm start` and `npm run dev`: the outbox
 * file and accepted ids; the port (EMULATOR_PORT) is read with the defaults of .env.emulator.
 */
export function emulatorOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): EmulatorOptions {
  const setting = (name: string, parse: (text: string, name: string) => number) => {
    const text = env[name];
    return text ? parse(text, name) : undefined;
  };
  const ratePerSecond = setting("EMULATOR_RATE_LIMIT", parseRateSetting);
  const quota = setting("EMULATOR_QUOTA", parseCountSetting);
  return {
    outboxPath: env.EMULATOR_OUTBOX || undefined,
    publicKey: env.EMULATOR_PUBLIC_KEY || undefined,
    serviceId: env.EMULATOR_SERVICE_ID || undefined,
    templateId: env.EMULATOR_TEMPLATE_ID || undefined,
    limits:
      ratePerSecond === undefined && quota === undefined ? undefined : { ratePerSecond, quota },
    outageMs: setting("EMULATOR_OUTAGE_MS", parseCountSetting),
  };
}

async function main() {
  const emulator = await startEmulator(emulatorOptionsFromEnv());
  console.log(`EmailJS emulator: ${emulator.url} (outbox: ${emulator.outboxPath})`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void emulator.close().then(() => process.exit(0)));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await main().catch((error: Error) => {
    // A busy or malformed port is the person's setting to change: one line says which.
    console.error(
      error instanceof PortError
        ? error.message
        : `EmailJS emulator could not start: ${error.message}`,
    );
    process.exit(1);
  });
}
