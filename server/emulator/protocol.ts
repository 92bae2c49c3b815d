/**
 * EmailJS's wire protocol as the emulator speaks it: the two send endpoints, reading a size-limited
 * body, parsing JSON and multipart sends, and checking them the way EmailJS answers (400 with a text).
 */
import type { IncomingMessage } from "node:http";
import type { OutboxEntry } from "./outbox";

export const SEND_PATH = "/api/v1.0/email/send";
export const SEND_FORM_PATH = "/api/v1.0/email/send-form";
/** EmailJS's own request size limit. */
export const DEFAULT_MAX_BODY_BYTES = 50 * 1024;

/** One send as it arrived, before any check: what the SDK put in the body. */
export type EmailRequest = {
  endpoint: OutboxEntry["endpoint"];
  userId: unknown;
  serviceId: unknown;
  templateId: unknown;
  libVersion: unknown;
  templateParams: unknown;
};

/** The ids this emulator accepts, as the site is built with them. */
type AcceptedIds = { publicKey: string; serviceId: string; templateId: string };

/** A request we refuse with a plain-text explanation. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class BodyTooLargeError extends HttpError {
  constructor(limit: number) {
    super(413, `The request body is larger than this emulator's limit of ${limit} bytes.`);
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

/**
 * Reads the whole body, refusing early (by declared length, or as soon as the count passes the
 * limit) so an oversized upload is answered without being buffered.
 */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
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

export function parseJsonSend(request: IncomingMessage, body: Buffer): EmailRequest {
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

export async function parseFormSend(request: IncomingMessage, body: Buffer): Promise<EmailRequest> {
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

/** Checks a send as EmailJS would and turns it into the outbox line it becomes. */
export function toOutboxEntry(email: EmailRequest, accepted: AcceptedIds): OutboxEntry {
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
