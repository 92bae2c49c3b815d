import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PortError } from "../ports";
import { startEmulator } from "./server";
import { postFault, sendJsonTo, setUpEmulator, uniqueEmail, validBody } from "./test-harness";

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, OPTIONS",
  "access-control-allow-headers": "Content-Type",
  "access-control-max-age": "7200",
};

const emulator = setUpEmulator();

type RawAnswer = { status: number; headers: Record<string, unknown>; text: string };

/** A request as a script could make it: any `Host`, any target, which fetch would not send. */
function rawRequest(
  target: string,
  { method = "GET", headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    const request = httpRequest({
      host: "127.0.0.1",
      port: emulator.emulator.port,
      method,
      path: target,
      headers,
    });
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
      });
      response.on("end", () =>
        done({ status: response.statusCode ?? 0, headers: response.headers, text }),
      );
    });
    request.on("error", fail);
    request.end();
  });
}

const CORS_NAMES = Object.keys(CORS);

function expectNoCors(headers: Record<string, unknown> | Headers) {
  for (const name of CORS_NAMES) {
    const value = headers instanceof Headers ? headers.get(name) : headers[name];
    expect(value ?? null, name).toBeNull();
  }
}

describe("startEmulator", () => {
  it("binds 127.0.0.1 on the ephemeral port it was given", () => {
    expect(emulator.emulator.port).toBeGreaterThan(0);
    expect(emulator.url).toBe(`http://127.0.0.1:${emulator.emulator.port}`);
    expect(emulator.emulator.outboxPath).toBe(join(emulator.dir, "nested", "emails.jsonl"));
  });

  it("names EMULATOR_PORT in one line when its port is busy", async () => {
    const taken = emulator.emulator.port;
    const second = startEmulator({ port: taken, outboxPath: join(emulator.dir, "second.jsonl") });
    await expect(second).rejects.toThrow(PortError);
    await expect(second).rejects.toThrow(
      `Port ${taken} is in use: set EMULATOR_PORT to another port.`,
    );
  });

  it("names the setting its caller chose instead", async () => {
    const taken = emulator.emulator.port;
    await expect(
      startEmulator({
        port: taken,
        portSetting: "E2E_PORT_BASE",
        outboxPath: join(emulator.dir, "third.jsonl"),
      }),
    ).rejects.toThrow(`Port ${taken} is in use: set E2E_PORT_BASE to another port.`);
  });

  it("close() ends a hanging request promptly", async () => {
    let announceFault = () => {};
    const faultApplied = new Promise<void>((done) => {
      announceFault = done;
    });
    const hanging = await startEmulator({
      port: 0,
      outboxPath: join(emulator.dir, "hanging.jsonl"),
      log: (line) => {
        if (line.startsWith("Fault applied")) announceFault();
      },
    });
    await postFault(hanging.url, { count: 1, hang: true });
    const pending = sendJsonTo(hanging.url, validBody()).catch((caught: unknown) => caught);
    // The request is in the server, holding its connection open, once the fault is taken.
    await faultApplied;
    // Closed at all: had it waited for the hanging request, it never would have.
    await hanging.close();
    expect(await pending).toBeInstanceOf(TypeError);
  });
});

describe("routing and CORS", () => {
  it("answers 404 for an unknown path, with no CORS headers", async () => {
    const response = await fetch(`${emulator.url}/api/v1.0/email/nope`, { method: "POST" });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(
      "Nothing here: POST /api/v1.0/email/nope. Send emails to /api/v1.0/email/send.",
    );
    expectNoCors(response.headers);
  });

  it("answers 405 for a wrong method, naming the allowed ones", async () => {
    const response = await fetch(`${emulator.url}/api/v1.0/email/send`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
    expect(await response.text()).toBe(
      "/api/v1.0/email/send does not accept GET; use POST, OPTIONS.",
    );
  });

  /** A browser's preflight of a JSON POST from the site to `path`. */
  const preflight = (path: string) =>
    fetch(`${emulator.url}${path}`, {
      method: "OPTIONS",
      headers: {
        Origin: "http://127.0.0.1:4173",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
      },
    });

  it.each(["/api/v1.0/email/send", "/api/v1.0/email/send-form"])(
    "answers the preflight on %s with 204 and the CORS headers",
    async (path) => {
      const response = await preflight(path);
      expect(response.status).toBe(204);
      expect(await response.text()).toBe("");
      for (const [name, value] of Object.entries(CORS)) {
        expect(response.headers.get(name)).toBe(value);
      }
      // The send then comes on a connection of its own (replies.ts, answerPreflight).
      expect(response.headers.get("connection")).toBe("close");
    },
  );

  it.each(["/anything", "/api/v1.0/email/nope", "/recaptcha/api2/token", "/inbox"])(
    "answers no preflight on %s, which is not one of EmailJS's send endpoints",
    async (path) => {
      const response = await preflight(path);
      expect(response.status).not.toBe(204);
      expectNoCors(response.headers);
    },
  );

  it("sends no CORS headers from the reCAPTCHA stand-in: its frame asks for tokens from its own origin", async () => {
    const token = await fetch(`${emulator.url}/recaptcha/api2/token`, {
      method: "POST",
      headers: { Origin: "https://evil.example" },
    });
    expect(token.status).toBe(200);
    expectNoCors(token.headers);
    const script = await fetch(`${emulator.url}/recaptcha/api.js`);
    expect(script.status).toBe(200);
    expectNoCors(script.headers);
    expect(script.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("sends the CORS headers on a 400", async () => {
    const response = await emulator.sendJson(validBody({ user_id: "wrong" }));
    expect(response.status).toBe(400);
    for (const [name, value] of Object.entries(CORS)) {
      expect(response.headers.get(name)).toBe(value);
    }
  });
});

describe("the test controls answer test code, not web pages", () => {
  const pageHeaders = {
    Origin: "http://127.0.0.1:9999",
    "Sec-Fetch-Site": "cross-site",
    "Sec-Fetch-Mode": "no-cors",
  };

  it.each(["/__emulator/faults", "/__emulator/outbox", "/__emulator/limits"])(
    "%s sends no CORS headers and refuses a preflight",
    async (path) => {
      const direct = await fetch(`${emulator.url}${path}`);
      expect(direct.headers.get("access-control-allow-origin")).toBeNull();
      expect(direct.headers.get("cross-origin-resource-policy")).toBe("same-origin");
      const preflight = await fetch(`${emulator.url}${path}`, {
        method: "OPTIONS",
        headers: {
          Origin: "http://127.0.0.1:9999",
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "content-type",
        },
      });
      expect(preflight.status).toBe(403);
      expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
      expect(preflight.headers.get("access-control-allow-methods")).toBeNull();
    },
  );

  it("ignores a cross-origin text/plain POST to the fault switch", async () => {
    const email = uniqueEmail("csrf");
    const forged = await fetch(`${emulator.url}/__emulator/faults`, {
      method: "POST",
      headers: { ...pageHeaders, "Content-Type": "text/plain;charset=UTF-8" },
      body: JSON.stringify({ count: 1, status: 500, match: { email } }),
    });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toBe(
      "The emulator's test controls answer test code, not web pages.",
    );
    expect((await sendJsonTo(emulator.url, validBody({ template_params: { email } }))).status).toBe(
      200,
    );
  });

  it("refuses a control body that is not declared JSON, even without an Origin", async () => {
    const email = uniqueEmail("plain");
    const plain = await fetch(`${emulator.url}/__emulator/faults`, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify({ count: 1, status: 500, match: { email } }),
    });
    expect(plain.status).toBe(415);
    expect(await plain.text()).toBe("Invalid fault: send it as Content-Type: application/json.");
    expect((await emulator.controls.limits({ quota: 5 })).quota).toBe(5);
    const limits = await fetch(`${emulator.url}/__emulator/limits`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "quota=0",
    });
    expect(limits.status).toBe(415);
    expect((await emulator.controls.state()).quota).toBe(5);
  });

  it("lets no page read the outbox, and a person typing its address still can", async () => {
    const email = uniqueEmail("read");
    await sendJsonTo(emulator.url, validBody({ template_params: { email } }));
    const path = `/__emulator/outbox?email=${encodeURIComponent(email)}`;
    const fromPage = await fetch(`${emulator.url}${path}`, { headers: pageHeaders });
    expect(fromPage.status).toBe(403);
    const linked = await fetch(`${emulator.url}${path}`, {
      headers: { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate" },
    });
    expect(linked.status).toBe(403);
    const typed = await fetch(`${emulator.url}${path}`, {
      headers: { "Sec-Fetch-Site": "none", "Sec-Fetch-Mode": "navigate" },
    });
    expect(typed.status).toBe(200);
    expect(await typed.json()).toHaveLength(1);
  });

  it("keeps CORS on the send endpoints for any origin, as EmailJS does", async () => {
    const response = await sendJsonTo(emulator.url, validBody(), {
      headers: { "Content-Type": "application/json", Origin: "https://any.example" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("a request for another host (DNS rebinding)", () => {
  it.each([
    ["a foreign name on the emulator's port", (port: number) => `evil.example:${port}`],
    ["a name that starts like localhost", (port: number) => `localhost.evil.example:${port}`],
    ["the loopback address on another port", (port: number) => `127.0.0.1:${port + 1}`],
    ["the loopback address without the port", () => "127.0.0.1"],
  ])("is refused with 421 and no CORS: %s", async (_what, host) => {
    const ownHost = `127.0.0.1:${emulator.emulator.port}`;
    for (const [method, path] of [
      ["POST", "/api/v1.0/email/send"],
      ["OPTIONS", "/api/v1.0/email/send"],
      ["GET", "/__emulator/outbox"],
      ["GET", "/inbox"],
      ["POST", "/recaptcha/api2/token"],
    ] as const) {
      const answer = await rawRequest(path, {
        method,
        headers: { Host: host(emulator.emulator.port) },
      });
      expect(answer.status, `${method} ${path}`).toBe(421);
      expect(answer.text).toBe(
        `This is the EmailJS emulator at ${ownHost}; it answers no other host.`,
      );
      expectNoCors(answer.headers);
    }
    expect(emulator.logLines.at(-1)).toMatch(
      /^Refused POST \/recaptcha\/api2\/token for the host "/,
    );
  });

  it("never lets a foreign host's send reach the outbox", async () => {
    const email = uniqueEmail("rebound");
    const sent = await new Promise<number>((done, fail) => {
      const request = httpRequest({
        host: "127.0.0.1",
        port: emulator.emulator.port,
        method: "POST",
        path: "/api/v1.0/email/send",
        headers: {
          Host: `evil.example:${emulator.emulator.port}`,
          "Content-Type": "application/json",
        },
      });
      request.on("response", (response) => {
        response.resume();
        done(response.statusCode ?? 0);
      });
      request.on("error", fail);
      request.end(JSON.stringify(validBody({ template_params: { email } })));
    });
    expect(sent).toBe(421);
    expect(await emulator.outboxFor(email)).toEqual([]);
  });

  it.each([
    ["its loopback address", (port: number) => `127.0.0.1:${port}`],
    ["localhost", (port: number) => `localhost:${port}`],
    ["localhost in capitals", (port: number) => `LOCALHOST:${port}`],
  ])("is answered when it names %s", async (_what, host) => {
    const answer = await rawRequest("/__emulator/limits", {
      headers: { Host: host(emulator.emulator.port) },
    });
    expect(answer.status).toBe(200);
  });
});

describe("a malformed path", () => {
  it.each([
    "/%E0%A4%A",
    "/inbox/%E0%A4%A/team-notification",
    "/__emulator/%ZZ",
    "/api/v1.0/email/send%",
    "/inbox/%C0%AF/x",
  ])("is a 400 with a text, not the emulator failing: %s", async (target) => {
    const answer = await rawRequest(target, {
      headers: { Host: `127.0.0.1:${emulator.emulator.port}` },
    });
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/^Malformed path: /);
    expect(emulator.logLines.filter((line) => line.startsWith("Emulator failed"))).toEqual([]);
  });

  it.each(["/%E0%A4%A", "/inbox/%E0%A4%A/x"])("is answered through fetch too: %s", async (path) => {
    const response = await fetch(`${emulator.url}${path}`);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(`Malformed path: ${JSON.stringify(path)}.`);
  });

  it("is a path however many slashes it starts with, never a host", async () => {
    const answer = await rawRequest("//evil.example/__emulator/outbox", {
      headers: { Host: `127.0.0.1:${emulator.emulator.port}` },
    });
    expect(answer.status).toBe(404);
    expect(answer.text).toMatch(/^Nothing here: GET \/\/evil\.example\/__emulator\/outbox\. /);
  });

  it("is a 400 in a proxy's absolute form, whose host is not the Host header", async () => {
    const answer = await rawRequest("http://evil.example/__emulator/outbox", {
      headers: { Host: `127.0.0.1:${emulator.emulator.port}` },
    });
    expect(answer.status).toBe(400);
    expect(answer.text).toBe('Malformed path: "http://evil.example/__emulator/outbox".');
  });
});
