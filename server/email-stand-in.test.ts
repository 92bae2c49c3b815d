import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type EmailStandIn, startEmailStandIn } from "./email-stand-in";

// Typed literally, as .env.emulator has them: the tests check the emulator reads that file.
const PUBLIC_KEY = "local-public-key";
const SERVICE_ID = "service_local";
const TEMPLATE_ID = "template_waitlist";
const LIB_VERSION = "4.4.1";
const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, OPTIONS",
  "access-control-allow-headers": "Content-Type",
  "access-control-max-age": "7200",
};

let dir: string;
let standIn: EmailStandIn;
let logLines: string[];
let emailCounter = 0;

function uniqueEmail(label: string): string {
  emailCounter += 1;
  return `${label}-${emailCounter}-${process.pid}@example.com`;
}

function validBody(overrides: Record<string, unknown> = {}) {
  return {
    user_id: PUBLIC_KEY,
    service_id: SERVICE_ID,
    template_id: TEMPLATE_ID,
    template_params: { email: "ada@example.com" },
    lib_version: LIB_VERSION,
    ...overrides,
  };
}

function sendJson(body: unknown, init: RequestInit = {}, base = standIn.url) {
  return fetch(`${base}/api/v1.0/email/send`, {
    method: "POST",
    headers: { "Content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...init,
  });
}

async function outboxLines(path = standIn.outboxPath): Promise<string[]> {
  const text = await readFile(path, "utf8").catch(() => "");
  expect(text === "" || text.endsWith("\n")).toBe(true);
  return text.split("\n").filter((line) => line !== "");
}

async function outboxFor(email: string) {
  const response = await fetch(
    `${standIn.url}/__stand-in/outbox?email=${encodeURIComponent(email)}`,
  );
  expect(response.status).toBe(200);
  return (await response.json()) as Array<Record<string, unknown>>;
}

async function addFault(fault: Record<string, unknown>) {
  const response = await fetch(`${standIn.url}/__stand-in/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(fault),
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "email-stand-in-"));
  logLines = [];
  // Ids left out on purpose, so they come from .env.emulator.
  standIn = await startEmailStandIn({
    port: 0,
    outboxPath: join(dir, "nested", "emails.jsonl"),
    log: (line) => logLines.push(line),
  });
});

afterEach(async () => {
  await fetch(`${standIn.url}/__stand-in/faults`, { method: "DELETE" });
});

afterAll(async () => {
  await standIn.close();
  await rm(dir, { recursive: true, force: true });
});

describe("startEmailStandIn", () => {
  it("binds 127.0.0.1 on the ephemeral port it was given", () => {
    expect(standIn.port).toBeGreaterThan(0);
    expect(standIn.url).toBe(`http://127.0.0.1:${standIn.port}`);
    expect(standIn.outboxPath).toBe(join(dir, "nested", "emails.jsonl"));
  });
});

describe("POST /api/v1.0/email/send", () => {
  it("answers 200 OK and appends exactly one line with the exact params", async () => {
    const before = await outboxLines();
    const email = uniqueEmail("json");
    const params = { email, name: "Ada", note: "line one\nline two", count: 3 };
    const response = await sendJson(validBody({ template_params: params }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("OK");

    const after = await outboxLines();
    expect(after).toHaveLength(before.length + 1);
    const entry = JSON.parse(after.at(-1) ?? "");
    expect(entry).toEqual({
      time: expect.any(String),
      endpoint: "send",
      user_id: PUBLIC_KEY,
      service_id: SERVICE_ID,
      template_id: TEMPLATE_ID,
      lib_version: LIB_VERSION,
      template_params: params,
    });
    expect(new Date(entry.time).toISOString()).toBe(entry.time);
    expect(Math.abs(Date.now() - Date.parse(entry.time))).toBeLessThan(10_000);
    expect(logLines.at(-1)).toBe(
      `Email accepted for "${email}" via send, appended to ${standIn.outboxPath}`,
    );
  });

  it("records a send without template_params as no variables", async () => {
    const before = await outboxLines();
    const { template_params: _, ...body } = validBody();
    expect(await (await sendJson(body)).text()).toBe("OK");
    const after = await outboxLines();
    expect(after).toHaveLength(before.length + 1);
    expect(JSON.parse(after.at(-1) ?? "").template_params).toEqual({});
    expect(logLines.at(-1)).toBe(
      `Email accepted for (no email param) via send, appended to ${standIn.outboxPath}`,
    );
  });

  const refusals: Array<[string, string | Record<string, unknown>, string]> = [
    ["malformed JSON", '{"user_id": ', "The request body is not valid JSON: "],
    [
      "a JSON array body",
      "[1, 2]",
      "The request body must be a JSON object with user_id, service_id, template_id and " +
        "template_params; got an array.",
    ],
    [
      "a missing public key",
      validBody({ user_id: undefined }),
      "The public key is required (user_id).",
    ],
    ["an empty public key", validBody({ user_id: "" }), "The public key is required (user_id)."],
    [
      "a public key that is not a string",
      validBody({ user_id: 42 }),
      "The public key (user_id) must be a string; got a number.",
    ],
    [
      "an unknown public key",
      validBody({ user_id: "x" }),
      "The public key 'x' is not known to this emulator; it accepts 'local-public-key'.",
    ],
    [
      "a missing service id",
      validBody({ service_id: undefined }),
      "The service ID is required (service_id).",
    ],
    [
      "an unknown service id",
      validBody({ service_id: "service_other" }),
      "The service ID 'service_other' is not known to this emulator; it accepts 'service_local'.",
    ],
    [
      "a missing template id",
      validBody({ template_id: undefined }),
      "The template ID is required (template_id).",
    ],
    [
      "an unknown template id",
      validBody({ template_id: "template_x" }),
      "The template ID 'template_x' is not known to this emulator; it accepts 'template_waitlist'.",
    ],
    [
      "template_params as an array",
      validBody({ template_params: ["a"] }),
      "template_params must be an object of template variables; got an array.",
    ],
    [
      "template_params as a string",
      validBody({ template_params: "email=a" }),
      "template_params must be an object of template variables; got a string.",
    ],
    [
      "template_params as null",
      validBody({ template_params: null }),
      "template_params must be an object of template variables; got null.",
    ],
    [
      "lib_version that is not a string",
      validBody({ lib_version: 4 }),
      "lib_version must be a string when present; got a number.",
    ],
  ];

  it.each(refusals)("refuses %s with 400 and its own text", async (_, body, message) => {
    const before = await outboxLines();
    const response = await sendJson(body);
    expect(response.status).toBe(400);
    const text = await response.text();
    if (message.endsWith(": ")) {
      expect(text.startsWith(message)).toBe(true);
      expect(text.length).toBeGreaterThan(message.length);
    } else {
      expect(text).toBe(message);
    }
    expect(await outboxLines()).toEqual(before);
  });

  it("refuses a body that is not declared as JSON", async () => {
    const response = await sendJson(validBody(), { headers: { "Content-Type": "text/plain" } });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(
      "/api/v1.0/email/send expects Content-Type: application/json; got 'text/plain'.",
    );
  });

  it("checks the public key before the service and template ids", async () => {
    const response = await sendJson(
      validBody({ user_id: "x", service_id: "y", template_id: "z", template_params: [] }),
    );
    expect(await response.text()).toBe(
      "The public key 'x' is not known to this emulator; it accepts 'local-public-key'.",
    );
  });

  it("answers 413 for a body over the 50 KiB limit", async () => {
    const before = await outboxLines();
    const params = { email: "big@example.com", blob: "x".repeat(50 * 1024) };
    const response = await sendJson(validBody({ template_params: params }));
    expect(response.status).toBe(413);
    expect(await response.text()).toBe(
      "The request body is larger than this emulator's limit of 51200 bytes.",
    );
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(await outboxLines()).toEqual(before);
  });

  it("answers 413 from the declared length without waiting for the body", async () => {
    const started = Date.now();
    const { status, text } = await new Promise<{ status: number; text: string }>((done, fail) => {
      const request = httpRequest(`${standIn.url}/api/v1.0/email/send`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Content-Length": String(10_000_000) },
      });
      request.on("response", (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => {
          done({ status: response.statusCode ?? 0, text });
          request.destroy();
        });
      });
      request.on("error", fail);
      // Only a few bytes of the promised ten million ever arrive.
      request.write('{"user_id":');
    });
    expect(status).toBe(413);
    expect(text).toBe("The request body is larger than this emulator's limit of 51200 bytes.");
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe("POST /api/v1.0/email/send-form", () => {
  it("answers 200 OK and appends exactly one line with the form's params", async () => {
    const before = await outboxLines();
    const email = uniqueEmail("form");
    const form = new FormData();
    form.append("email", email);
    form.append("name", "Grace");
    form.append("lib_version", LIB_VERSION);
    form.append("service_id", SERVICE_ID);
    form.append("template_id", TEMPLATE_ID);
    form.append("user_id", PUBLIC_KEY);
    const response = await fetch(`${standIn.url}/api/v1.0/email/send-form`, {
      method: "POST",
      body: form,
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("OK");

    const after = await outboxLines();
    expect(after).toHaveLength(before.length + 1);
    expect(JSON.parse(after.at(-1) ?? "")).toEqual({
      time: expect.any(String),
      endpoint: "send-form",
      user_id: PUBLIC_KEY,
      service_id: SERVICE_ID,
      template_id: TEMPLATE_ID,
      lib_version: LIB_VERSION,
      template_params: { email, name: "Grace" },
    });
    expect(logLines.at(-1)).toBe(
      `Email accepted for "${email}" via send-form, appended to ${standIn.outboxPath}`,
    );
  });

  it("refuses a form without a public key", async () => {
    const form = new FormData();
    form.append("email", "a@example.com");
    form.append("service_id", SERVICE_ID);
    form.append("template_id", TEMPLATE_ID);
    const response = await fetch(`${standIn.url}/api/v1.0/email/send-form`, {
      method: "POST",
      body: form,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("The public key is required (user_id).");
  });

  it("refuses JSON sent to the form endpoint", async () => {
    const response = await fetch(`${standIn.url}/api/v1.0/email/send-form`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(validBody()),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(
      "/api/v1.0/email/send-form expects Content-Type: multipart/form-data; got 'application/json'.",
    );
  });

  it("refuses a multipart body that does not parse", async () => {
    const response = await fetch(`${standIn.url}/api/v1.0/email/send-form`, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=abc" },
      body: "this is not multipart",
    });
    expect(response.status).toBe(400);
    expect(
      (await response.text()).startsWith("The multipart/form-data body could not be parsed: "),
    ).toBe(true);
  });
});

describe("routing and CORS", () => {
  it("answers 404 for an unknown path, with CORS headers", async () => {
    const response = await fetch(`${standIn.url}/api/v1.0/email/nope`, { method: "POST" });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(
      "Nothing here: POST /api/v1.0/email/nope. Send emails to /api/v1.0/email/send.",
    );
    for (const [name, value] of Object.entries(CORS)) {
      expect(response.headers.get(name)).toBe(value);
    }
  });

  it("answers 405 for a wrong method, naming the allowed ones", async () => {
    const response = await fetch(`${standIn.url}/api/v1.0/email/send`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
    expect(await response.text()).toBe(
      "/api/v1.0/email/send does not accept GET; use POST, OPTIONS.",
    );
  });

  it.each(["/api/v1.0/email/send", "/api/v1.0/email/send-form", "/anything"])(
    "answers the preflight on %s with 204 and the CORS headers",
    async (path) => {
      const response = await fetch(`${standIn.url}${path}`, {
        method: "OPTIONS",
        headers: {
          Origin: "http://127.0.0.1:4173",
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "content-type",
        },
      });
      expect(response.status).toBe(204);
      expect(await response.text()).toBe("");
      for (const [name, value] of Object.entries(CORS)) {
        expect(response.headers.get(name)).toBe(value);
      }
    },
  );

  it("sends the CORS headers on a 400", async () => {
    const response = await sendJson(validBody({ user_id: "wrong" }));
    expect(response.status).toBe(400);
    for (const [name, value] of Object.entries(CORS)) {
      expect(response.headers.get(name)).toBe(value);
    }
  });
});

describe("the outbox", () => {
  it("keeps 200 concurrent sends as 200 complete, distinct lines", async () => {
    const outboxPath = join(dir, "load", "emails.jsonl");
    const load = await startEmailStandIn({ port: 0, outboxPath, log: () => {} });
    try {
      const emails = Array.from({ length: 200 }, (_, i) => `load-${i}@example.com`);
      const responses = await Promise.all(
        emails.map((email) =>
          sendJson(validBody({ template_params: { email, i: email.length } }), {}, load.url),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual(emails.map(() => 200));
      const lines = await outboxLines(outboxPath);
      expect(lines).toHaveLength(200);
      const sent = lines.map((line) => JSON.parse(line).template_params.email as string);
      expect(new Set(sent).size).toBe(200);
      expect([...sent].sort()).toEqual([...emails].sort());
    } finally {
      await load.close();
    }
  });

  it.each([
    ["a torn last line", '{"a":1}\n{"b":2}\n{"tor', '{"a":1}\n{"b":2}\n'],
    ["a file that is all torn line", '{"torn', ""],
    ["an intact file", '{"a":1}\n', '{"a":1}\n'],
  ])("repairs %s on start-up", async (_, before, after) => {
    const outboxPath = join(dir, `repair-${emailCounter++}.jsonl`);
    await writeFile(outboxPath, before);
    const lines: string[] = [];
    const repaired = await startEmailStandIn({ port: 0, outboxPath, log: (l) => lines.push(l) });
    try {
      expect(await readFile(outboxPath, "utf8")).toBe(after);
      const dropped = before.length - after.length;
      expect(lines).toEqual(
        dropped > 0 ? [`Dropped a torn last line (${dropped} bytes) from ${outboxPath}`] : [],
      );
      expect((await sendJson(validBody(), {}, repaired.url)).status).toBe(200);
      const text = await readFile(outboxPath, "utf8");
      expect(text.startsWith(after)).toBe(true);
      expect(JSON.parse(text.slice(after.length)).template_params).toEqual({
        email: "ada@example.com",
      });
    } finally {
      await repaired.close();
    }
  });

  it("lists entries over HTTP, filtered by email", async () => {
    const email = uniqueEmail("listed");
    await sendJson(validBody({ template_params: { email, n: 1 } }));
    await sendJson(validBody({ template_params: { email: uniqueEmail("other") } }));
    await sendJson(validBody({ template_params: { email, n: 2 } }));
    const entries = await outboxFor(email);
    expect(entries.map((entry) => entry.template_params)).toEqual([
      { email, n: 1 },
      { email, n: 2 },
    ]);
    const all = await (await fetch(`${standIn.url}/__stand-in/outbox`)).json();
    expect(all).toHaveLength((await outboxLines()).length);
  });
});

describe("faults", () => {
  it("answers a queued status with its standard text and writes nothing", async () => {
    const email = uniqueEmail("status");
    await addFault({ count: 1, status: 503, match: { email } });
    const failed = await sendJson(validBody({ template_params: { email } }));
    expect(failed.status).toBe(503);
    expect(await failed.text()).toBe("Service Unavailable");
    expect(failed.headers.get("access-control-allow-origin")).toBe("*");
    expect(await outboxFor(email)).toEqual([]);
  });

  it("answers a queued status with a custom body", async () => {
    const email = uniqueEmail("body");
    await addFault({ count: 1, status: 429, body: "Slow down", match: { email } });
    const failed = await sendJson(validBody({ template_params: { email } }));
    expect(failed.status).toBe(429);
    expect(await failed.text()).toBe("Slow down");
  });

  it("counts a fault down and then sends normally", async () => {
    const email = uniqueEmail("count");
    await addFault({ count: 2, status: 500, match: { email } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push((await sendJson(validBody({ template_params: { email, i } }))).status);
    }
    expect(statuses).toEqual([500, 500, 200]);
    expect((await outboxFor(email)).map((entry) => entry.template_params)).toEqual([
      { email, i: 2 },
    ]);
  });

  it("applies a matched fault only to its email", async () => {
    const target = uniqueEmail("target");
    const bystander = uniqueEmail("bystander");
    await addFault({ count: 1, status: 502, match: { email: target } });
    expect((await sendJson(validBody({ template_params: { email: bystander } }))).status).toBe(200);
    expect((await sendJson(validBody({ template_params: { email: target } }))).status).toBe(502);
    expect((await sendJson(validBody({ template_params: { email: target } }))).status).toBe(200);
  });

  it("applies an unmatched fault to any send, the form endpoint included", async () => {
    await addFault({ count: 1, status: 500 });
    const form = new FormData();
    form.append("email", uniqueEmail("any"));
    const response = await fetch(`${standIn.url}/api/v1.0/email/send-form`, {
      method: "POST",
      body: form,
    });
    expect(response.status).toBe(500);
    expect(await response.text()).toBe("Internal Server Error");
    expect((await sendJson(validBody())).status).toBe(200);
  });

  it("delays, then sends normally, and counts the delay down", async () => {
    const email = uniqueEmail("delay");
    await addFault({ count: 1, delayMs: 400, match: { email } });
    const started = Date.now();
    const response = await sendJson(validBody({ template_params: { email } }));
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(await outboxFor(email)).toHaveLength(1);

    const again = Date.now();
    expect((await sendJson(validBody({ template_params: { email } }))).status).toBe(200);
    expect(Date.now() - again).toBeLessThan(390);
  });

  it("delays a status fault before answering it", async () => {
    const email = uniqueEmail("slow-status");
    await addFault({ count: 1, delayMs: 300, status: 504, match: { email } });
    const started = Date.now();
    const response = await sendJson(validBody({ template_params: { email } }));
    expect(response.status).toBe(504);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("drops the connection, so fetch rejects", async () => {
    const email = uniqueEmail("drop");
    await addFault({ count: 1, drop: true, match: { email } });
    await expect(sendJson(validBody({ template_params: { email } }))).rejects.toThrow(
      "fetch failed",
    );
    expect(await outboxFor(email)).toEqual([]);
    expect((await sendJson(validBody({ template_params: { email } }))).status).toBe(200);
  });

  it("hangs until the client gives up", async () => {
    const email = uniqueEmail("hang");
    await addFault({ count: 1, hang: true, match: { email } });
    const started = Date.now();
    const error = await sendJson(validBody({ template_params: { email } }), {
      signal: AbortSignal.timeout(300),
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe("TimeoutError");
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(await outboxFor(email)).toEqual([]);
  });

  it("clears every queued fault on DELETE", async () => {
    const email = uniqueEmail("cleared");
    await addFault({ count: 5, status: 500, match: { email } });
    const cleared = await fetch(`${standIn.url}/__stand-in/faults`, { method: "DELETE" });
    expect(cleared.status).toBe(200);
    expect((await sendJson(validBody({ template_params: { email } }))).status).toBe(200);
  });

  it.each([
    [{ status: 500 }, "Invalid fault: count must be a whole number of requests, 1 or more."],
    [{ count: 1 }, "Invalid fault: give at least one of status, delayMs, drop or hang."],
    [{ count: 1, drop: true, hang: true }, "Invalid fault: choose one of status, drop and hang."],
    [{ count: 1, status: 42 }, "Invalid fault: status must be an HTTP status from 200 to 599."],
    [
      { count: 1, status: 500, delay: 5 },
      "Invalid fault: unknown field delay; use count, status, body, delayMs, drop, hang, match.",
    ],
  ])("refuses the fault %j", async (fault, message) => {
    const response = await fetch(`${standIn.url}/__stand-in/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(fault),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(message);
  });

  it("close() ends a hanging request promptly", async () => {
    const hanging = await startEmailStandIn({
      port: 0,
      outboxPath: join(dir, "hanging.jsonl"),
      log: () => {},
    });
    await fetch(`${hanging.url}/__stand-in/faults`, {
      method: "POST",
      body: JSON.stringify({ count: 1, hang: true }),
    });
    const pending = sendJson(validBody(), {}, hanging.url).catch((caught: unknown) => caught);
    // Let the request reach the server before shutting it down.
    await new Promise((done) => setTimeout(done, 100));
    const started = Date.now();
    await hanging.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await pending).toBeInstanceOf(TypeError);
  });
});
