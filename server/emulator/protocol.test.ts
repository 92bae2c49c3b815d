import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import {
  LIB_VERSION,
  PUBLIC_KEY,
  SERVICE_ID,
  setUpEmulator,
  TEMPLATE_ID,
  uniqueEmail,
  validBody,
} from "./test-harness";

const emulator = setUpEmulator();

describe("POST /api/v1.0/email/send", () => {
  it("answers 200 OK and appends exactly one line with the exact params", async () => {
    const before = await emulator.outboxLines();
    const email = uniqueEmail("json");
    const params = { email, name: "Ada", note: "line one\nline two", count: 3 };
    const sentFrom = Date.now();
    const response = await emulator.sendJson(validBody({ template_params: params }));
    const answeredBy = Date.now();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("OK");

    const after = await emulator.outboxLines();
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
      // The two emails it makes (messages.test.ts); every field above is as it always was.
      messages: expect.any(Array),
    });
    expect(new Date(entry.time).toISOString()).toBe(entry.time);
    // Stamped while the send was out (the emulator runs in this process, on this clock).
    expect(Date.parse(entry.time)).toBeGreaterThanOrEqual(sentFrom);
    expect(Date.parse(entry.time)).toBeLessThanOrEqual(answeredBy);
    expect(emulator.logLines.at(-1)).toBe(
      `Email accepted for "${email}" via send, appended to ${emulator.emulator.outboxPath}`,
    );
  });

  it("records a send without template_params as no variables", async () => {
    const before = await emulator.outboxLines();
    const { template_params: _, ...body } = validBody();
    expect(await (await emulator.sendJson(body)).text()).toBe("OK");
    const after = await emulator.outboxLines();
    expect(after).toHaveLength(before.length + 1);
    expect(JSON.parse(after.at(-1) ?? "").template_params).toEqual({});
    expect(emulator.logLines.at(-1)).toBe(
      `Email accepted for (no email param) via send, appended to ${emulator.emulator.outboxPath}`,
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
    const before = await emulator.outboxLines();
    const response = await emulator.sendJson(body);
    expect(response.status).toBe(400);
    const text = await response.text();
    if (message.endsWith(": ")) {
      expect(text.startsWith(message)).toBe(true);
      expect(text.length).toBeGreaterThan(message.length);
    } else {
      expect(text).toBe(message);
    }
    expect(await emulator.outboxLines()).toEqual(before);
  });

  it("refuses a body that is not declared as JSON", async () => {
    const response = await emulator.sendJson(validBody(), {
      headers: { "Content-Type": "text/plain" },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(
      "/api/v1.0/email/send expects Content-Type: application/json; got 'text/plain'.",
    );
  });

  it("checks the public key before the service and template ids", async () => {
    const response = await emulator.sendJson(
      validBody({ user_id: "x", service_id: "y", template_id: "z", template_params: [] }),
    );
    expect(await response.text()).toBe(
      "The public key 'x' is not known to this emulator; it accepts 'local-public-key'.",
    );
  });

  it("answers 413 for a body over the 50 KiB limit", async () => {
    const before = await emulator.outboxLines();
    const params = { email: "big@example.com", blob: "x".repeat(50 * 1024) };
    const response = await emulator.sendJson(validBody({ template_params: params }));
    expect(response.status).toBe(413);
    expect(await response.text()).toBe(
      "The request body is larger than this emulator's limit of 51200 bytes.",
    );
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(await emulator.outboxLines()).toEqual(before);
  });

  it("answers 413 from the declared length without waiting for the body", async () => {
    const { status, text } = await new Promise<{ status: number; text: string }>((done, fail) => {
      const request = httpRequest(`${emulator.url}/api/v1.0/email/send`, {
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
    // Answered at all: had it waited for the body, which never comes, there would be no answer.
  });
});

describe("POST /api/v1.0/email/send-form", () => {
  it("answers 200 OK and appends exactly one line with the form's params", async () => {
    const before = await emulator.outboxLines();
    const email = uniqueEmail("form");
    const form = new FormData();
    form.append("email", email);
    form.append("name", "Grace");
    form.append("lib_version", LIB_VERSION);
    form.append("service_id", SERVICE_ID);
    form.append("template_id", TEMPLATE_ID);
    form.append("user_id", PUBLIC_KEY);
    const response = await fetch(`${emulator.url}/api/v1.0/email/send-form`, {
      method: "POST",
      body: form,
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("OK");

    const after = await emulator.outboxLines();
    expect(after).toHaveLength(before.length + 1);
    expect(JSON.parse(after.at(-1) ?? "")).toEqual({
      time: expect.any(String),
      endpoint: "send-form",
      user_id: PUBLIC_KEY,
      service_id: SERVICE_ID,
      template_id: TEMPLATE_ID,
      lib_version: LIB_VERSION,
      template_params: { email, name: "Grace" },
      messages: expect.any(Array),
    });
    expect(emulator.logLines.at(-1)).toBe(
      `Email accepted for "${email}" via send-form, appended to ${emulator.emulator.outboxPath}`,
    );
  });

  it("refuses a form without a public key", async () => {
    const form = new FormData();
    form.append("email", "a@example.com");
    form.append("service_id", SERVICE_ID);
    form.append("template_id", TEMPLATE_ID);
    const response = await fetch(`${emulator.url}/api/v1.0/email/send-form`, {
      method: "POST",
      body: form,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("The public key is required (user_id).");
  });

  it("refuses JSON sent to the form endpoint", async () => {
    const response = await fetch(`${emulator.url}/api/v1.0/email/send-form`, {
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
    const response = await fetch(`${emulator.url}/api/v1.0/email/send-form`, {
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
