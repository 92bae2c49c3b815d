// Local stand-in for the EmailJS REST API on 127.0.0.1: accepted emails go to a JSONL outbox.
// Run: npx tsx server/email-stand-in.ts (EMAIL_STAND_IN_PORT, _OUTBOX, _PUBLIC_KEY, ... override).
import { appendFile, mkdir, open, readFile, truncate } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import { dirname, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { loadEnv } from "vite";

/** EmailJS's own request size limit. */
const DEFAULT_MAX_BODY_BYTES = 50 * 1024;
/** Chromium caps preflight caching at two hours, so a longer value buys nothing. */
const PREFLIGHT_MAX_AGE_SECONDS = 7200;
/**
 * After an early 413 the client may still be uploading; reading (and discarding) the rest for a
 * moment lets it read our answer instead of a connection reset, then we cut it off.
 */
const OVERSIZE_DRAIN_MS = 1000;
/** Backwards scan step when looking for the last complete line of the outbox. */
const TAIL_SCAN_BYTES = 64 * 1024;

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
const EMULATOR_ENV_FILE = ".env.emulator";
const SEND_PATH = "/api/v1.0/email/send";
const SEND_FORM_PATH = "/api/v1.0/email/send-form";
const FAULTS_PATH = "/__stand-in/faults";
const OUTBOX_PATH = "/__stand-in/outbox";
const ALLOWED_METHODS: Record<string, string> = {
  [SEND_PATH]: "POST, OPTIONS",
  [SEND_FORM_PATH]: "POST, OPTIONS",
  [FAULTS_PATH]: "POST, DELETE, OPTIONS",
  [OUTBOX_PATH]: "GET, OPTIONS",
};
const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
  "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE_SECONDS),
};

export type EmailStandInOptions = {
  port?: number;
  outboxPath?: string;
  publicKey?: string;
  serviceId?: string;
  templateId?: string;
  maxBodyBytes?: number;
  log?: (line: string) => void;
};

export type EmailStandIn = {
  url: string;
  port: number;
  outboxPath: string;
  close(): Promise<void>;
};

export type OutboxEntry = {
  time: string;
  endpoint: "send" | "send-form";
  user_id: string;
  service_id: string;
  template_id: string;
  lib_version: string | null;
  template_params: Record<string, unknown>;
};

export type Fault = {
  count: number;
  status?: number;
  body?: string;
  delayMs?: number;
  drop?: boolean;
  hang?: boolean;
  match?: { email: string };
};

type QueuedFault = Fault & { remaining: number };

type EmailRequest = {
  endpoint: OutboxEntry["endpoint"];
  userId: unknown;
  serviceId: unknown;
  templateId: unknown;
  libVersion: unknown;
  templateParams: unknown;
};

/** A request we refuse with a plain-text explanation. */
class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

class BodyTooLargeError extends HttpError {
  constructor(limit: number) {
    super(413, `The request body is larger than this emulator's limit of ${limit} bytes.`);
  }
}

/** The ids and port the site is built with locally, so both sides agree without configuration. */
function emulatorDefaults() {
  const env = loadEnv("emulator", REPO_ROOT, "");
  const required = (key: string) => {
    const value = env[key];
    if (!value) throw new Error(`${key} is missing from ${EMULATOR_ENV_FILE} at ${REPO_ROOT}.`);
    return value;
  };
  const origin = required("VITE_EMAILJS_ORIGIN");
  const port = Number(new URL(origin).port);
  if (!Number.isInteger(port) || port <= 0) {
    throw new Error(`VITE_EMAILJS_ORIGIN (${origin}) in ${EMULATOR_ENV_FILE} names no port.`);
  }
  return {
    port,
    publicKey: required("VITE_EMAILJS_PUBLIC_KEY"),
    serviceId: required("VITE_EMAILJS_SERVICE_ID"),
    templateId: required("VITE_EMAILJS_TEMPLATE_ID"),
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

/** A crash mid-write can leave a half line; drop it so every line of the outbox parses. */
async function repairTornTail(path: string): Promise<number> {
  let file: Awaited<ReturnType<typeof open>>;
  try {
    file = await open(path, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  try {
    const { size } = await file.stat();
    const buffer = Buffer.alloc(TAIL_SCAN_BYTES);
    let end = size;
    while (end > 0) {
      const start = Math.max(0, end - TAIL_SCAN_BYTES);
      const { bytesRead } = await file.read(buffer, 0, end - start, start);
      const newline = buffer.subarray(0, bytesRead).lastIndexOf(0x0a);
      if (newline !== -1) {
        const keep = start + newline + 1;
        if (keep < size) await truncate(path, keep);
        return size - keep;
      }
      end = start;
    }
    if (size > 0) await truncate(path, 0);
    return size;
  } finally {
    await file.close();
  }
}

async function readOutbox(path: string): Promise<OutboxEntry[]> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as OutboxEntry);
}

/**
 * Reads the whole body, refusing early (by declared length, or as soon as the count passes the
 * limit) so an oversized upload is answered without being buffered.
 */
function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolveBody, reject) => {
    const declared = Number(request.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new BodyTooLargeError(limit));
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        request.off("data", onData);
        request.off("end", onEnd);
        reject(new BodyTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => resolveBody(Buffer.concat(chunks));
    request.on("data", onData);
    request.on("end", onEnd);
    request.on("error", reject);
  });
}

function mediaType(request: IncomingMessage): string {
  return (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

function parseJsonSend(request: IncomingMessage, body: Buffer): EmailRequest {
  const type = mediaType(request);
  if (type !== "application/json") {
    throw new HttpError(
      400,
      `${SEND_PATH} expects Content-Type: application/json; got '${type || "none"}'.`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch (error) {
    throw new HttpError(400, `The request body is not valid JSON: ${(error as Error).message}`);
  }
  if (!isPlainObject(parsed)) {
    throw new HttpError(
      400,
      `The request body must be a JSON object with user_id, service_id, template_id and ` +
        `template_params; got ${kindOf(parsed)}.`,
    );
  }
  return {
    endpoint: "send",
    userId: parsed.user_id,
    serviceId: parsed.service_id,
    templateId: parsed.template_id,
    libVersion: parsed.lib_version,
    // The SDK drops template_params when none are given, which EmailJS treats as no variables.
    templateParams: "template_params" in parsed ? parsed.template_params : {},
  };
}

function formValue(value: FormDataEntryValue): unknown {
  // Attachments are recorded by their metadata: the outbox is for checking what was sent, and
  // file contents would make its lines unreadable.
  if (typeof value === "string") return value;
  return { file: value.name, type: value.type, size: value.size };
}

async function parseFormSend(request: IncomingMessage, body: Buffer): Promise<EmailRequest> {
  const type = mediaType(request);
  if (type !== "multipart/form-data") {
    throw new HttpError(
      400,
      `${SEND_FORM_PATH} expects Content-Type: multipart/form-data; got '${type || "none"}'.`,
    );
  }
  let form: FormData;
  try {
    form = await new Request("http://127.0.0.1/", {
      method: "POST",
      headers: { "content-type": request.headers["content-type"] ?? "" },
      body: new Uint8Array(body),
    }).formData();
  } catch (error) {
    throw new HttpError(
      400,
      `The multipart/form-data body could not be parsed: ${(error as Error).message}`,
    );
  }
  const ids = new Set(["user_id", "service_id", "template_id", "lib_version"]);
  const params: Record<string, unknown> = {};
  for (const name of new Set(form.keys())) {
    if (ids.has(name)) continue;
    const values = form.getAll(name).map(formValue);
    // A repeated field (checkbox group) keeps every value rather than silently the last one.
    params[name] = values.length === 1 ? values[0] : values;
  }
  const single = (name: string) => {
    const value = form.get(name);
    return value === null ? undefined : formValue(value);
  };
  return {
    endpoint: "send-form",
    userId: single("user_id"),
    serviceId: single("service_id"),
    templateId: single("template_id"),
    libVersion: single("lib_version"),
    templateParams: params,
  };
}

function checkId(value: unknown, label: string, field: string, accepted: string): string {
  if (value === undefined || value === null || value === "") {
    throw new HttpError(400, `The ${label} is required (${field}).`);
  }
  if (typeof value !== "string") {
    throw new HttpError(400, `The ${label} (${field}) must be a string; got ${kindOf(value)}.`);
  }
  if (value !== accepted) {
    throw new HttpError(
      400,
      `The ${label} '${value}' is not known to this emulator; it accepts '${accepted}'.`,
    );
  }
  return value;
}

function toOutboxEntry(
  email: EmailRequest,
  accepted: { publicKey: string; serviceId: string; templateId: string },
): OutboxEntry {
  // Same order as the SDK's own checks: public key, service, template.
  const user_id = checkId(email.userId, "public key", "user_id", accepted.publicKey);
  const service_id = checkId(email.serviceId, "service ID", "service_id", accepted.serviceId);
  const template_id = checkId(email.templateId, "template ID", "template_id", accepted.templateId);
  const params = email.templateParams;
  if (!isPlainObject(params)) {
    throw new HttpError(
      400,
      `template_params must be an object of template variables; got ${kindOf(params)}.`,
    );
  }
  const version = email.libVersion;
  if (version !== undefined && typeof version !== "string") {
    throw new HttpError(400, `lib_version must be a string when present; got ${kindOf(version)}.`);
  }
  return {
    time: new Date().toISOString(),
    endpoint: email.endpoint,
    user_id,
    service_id,
    template_id,
    lib_version: version ?? null,
    template_params: params,
  };
}

function parseFault(value: unknown): Fault {
  const fail = (message: string): never => {
    throw new HttpError(400, `Invalid fault: ${message}`);
  };
  if (!isPlainObject(value)) return fail(`expected a JSON object, got ${kindOf(value)}.`);
  const known = ["count", "status", "body", "delayMs", "drop", "hang", "match"];
  const unknown = Object.keys(value).filter((key) => !known.includes(key));
  if (unknown.length > 0) fail(`unknown field ${unknown.join(", ")}; use ${known.join(", ")}.`);
  const { count, status, body, delayMs, drop, hang, match } = value;
  if (typeof count !== "number" || !Number.isInteger(count) || count < 1) {
    fail("count must be a whole number of requests, 1 or more.");
  }
  if (status !== undefined) {
    if (typeof status !== "number" || !Number.isInteger(status) || status < 200 || status > 599) {
      fail("status must be an HTTP status from 200 to 599.");
    }
  }
  if (body !== undefined && typeof body !== "string") fail("body must be a string.");
  if (body !== undefined && status === undefined) fail("body needs a status to go with it.");
  if (delayMs !== undefined) {
    if (typeof delayMs !== "number" || !Number.isFinite(delayMs) || delayMs < 0) {
      fail("delayMs must be a number of milliseconds, 0 or more.");
    }
  }
  if (drop !== undefined && typeof drop !== "boolean") fail("drop must be true or false.");
  if (hang !== undefined && typeof hang !== "boolean") fail("hang must be true or false.");
  const outcomes = [status !== undefined, drop === true, hang === true].filter(Boolean).length;
  if (outcomes > 1) fail("choose one of status, drop and hang.");
  if (outcomes === 0 && delayMs === undefined) {
    fail("give at least one of status, delayMs, drop or hang.");
  }
  if (match !== undefined && !(isPlainObject(match) && typeof match.email === "string")) {
    fail('match must look like {"email": "someone@example.com"}.');
  }
  return value as Fault;
}

function faultMatches(fault: QueuedFault, params: Record<string, unknown>): boolean {
  return fault.match === undefined || params.email === fault.match.email;
}

export async function startEmailStandIn(options: EmailStandInOptions = {}): Promise<EmailStandIn> {
  const needsDefaults = [options.port, options.publicKey, options.serviceId, options.templateId];
  const defaults = needsDefaults.includes(undefined) ? emulatorDefaults() : undefined;
  const publicKey = options.publicKey ?? defaults?.publicKey ?? "";
  const serviceId = options.serviceId ?? defaults?.serviceId ?? "";
  const templateId = options.templateId ?? defaults?.templateId ?? "";
  const outboxPath = resolve(options.outboxPath ?? resolve(REPO_ROOT, ".outbox/emails.jsonl"));
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const log = options.log ?? ((line: string) => console.log(line));

  const dropped = await repairTornTail(outboxPath);
  if (dropped > 0) log(`Dropped a torn last line (${dropped} bytes) from ${outboxPath}`);

  const faults: QueuedFault[] = [];
  // One in-process queue: each line goes out in one append call, after the previous one landed.
  let writes: Promise<void> = Promise.resolve();
  const appendEntry = (entry: OutboxEntry) => {
    const line = `${JSON.stringify(entry)}\n`;
    const write = writes.then(async () => {
      await mkdir(dirname(outboxPath), { recursive: true });
      await appendFile(outboxPath, line, "utf8");
    });
    writes = write.catch(() => {});
    return write;
  };
  // Ends pending fault delays when the server closes, so close() never waits for a timer.
  const lifetime = new AbortController();

  const reply = (
    response: ServerResponse,
    status: number,
    body: string,
    headers: Record<string, string> = {},
  ) => {
    if (response.headersSent || response.destroyed) return;
    response.writeHead(status, {
      ...CORS_HEADERS,
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

  const takeFault = (params: Record<string, unknown>) => {
    const index = faults.findIndex((fault) => faultMatches(fault, params));
    const fault = faults[index];
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining === 0) faults.splice(index, 1);
    return fault;
  };

  const handleEmail = async (
    request: IncomingMessage,
    response: ServerResponse,
    email: EmailRequest,
  ) => {
    const params = isPlainObject(email.templateParams) ? email.templateParams : {};
    // Faults come before validation, as a real outage would: a test can fail any send it makes.
    const fault = takeFault(params);
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

    const entry = toOutboxEntry(email, { publicKey, serviceId, templateId });
    await appendEntry(entry);
    const to = typeof params.email === "string" ? JSON.stringify(params.email) : "(no email param)";
    log(`Email accepted for ${to} via ${email.endpoint}, appended to ${outboxPath}`);
    reply(response, 200, "OK");
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const method = request.method ?? "GET";
    if (method === "OPTIONS") {
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
      await writes;
      const email = url.searchParams.get("email");
      const entries = await readOutbox(outboxPath);
      replyJson(
        response,
        200,
        email === null ? entries : entries.filter((e) => e.template_params.email === email),
      );
      return;
    }
    if (url.pathname === FAULTS_PATH && method === "DELETE") {
      faults.length = 0;
      replyJson(response, 200, { pending: [] });
      return;
    }
    const body = await readBody(request, maxBodyBytes);
    if (url.pathname === FAULTS_PATH) {
      let value: unknown;
      try {
        value = JSON.parse(body.toString("utf8"));
      } catch (error) {
        throw new HttpError(
          400,
          `Invalid fault: the body is not JSON: ${(error as Error).message}`,
        );
      }
      const fault = parseFault(value);
      faults.push({ ...fault, remaining: fault.count });
      replyJson(response, 200, { pending: faults });
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
      log(`Email stand-in failed on ${request.method} ${request.url}: ${String(error)}`);
      reply(response, 500, `The emulator failed: ${(error as Error).message ?? String(error)}`);
    });
  });

  await new Promise<void>((ready, fail) => {
    server.once("error", fail);
    server.listen(options.port ?? defaults?.port, "127.0.0.1", () => {
      server.off("error", fail);
      ready();
    });
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    outboxPath,
    close() {
      closing ??= new Promise<void>((done) => {
        lifetime.abort();
        server.close(() => done());
        // Hanging faults keep sockets open on purpose; a test run must not wait for them.
        server.closeAllConnections();
      }).then(() => writes);
      return closing;
    },
  };
}

function envPort(): number | undefined {
  const raw = process.env.EMAIL_STAND_IN_PORT;
  if (raw === undefined || raw === "") return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`EMAIL_STAND_IN_PORT must be a port number from 0 to 65535; got '${raw}'.`);
  }
  return port;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const standIn = await Promise.resolve()
    .then(() =>
      startEmailStandIn({
        port: envPort(),
        outboxPath: process.env.EMAIL_STAND_IN_OUTBOX || undefined,
        publicKey: process.env.EMAIL_STAND_IN_PUBLIC_KEY || undefined,
        serviceId: process.env.EMAIL_STAND_IN_SERVICE_ID || undefined,
        templateId: process.env.EMAIL_STAND_IN_TEMPLATE_ID || undefined,
      }),
    )
    .catch((error: Error) => {
      console.error(`EmailJS stand-in could not start: ${error.message}`);
      process.exit(1);
    });
  console.log(`EmailJS stand-in: ${standIn.url} (outbox: ${standIn.outboxPath})`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void standIn.close().then(() => process.exit(0)));
  }
}
