import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PortError } from "../ports";
import { startEmulator } from "./server";
import { postFault, sendJsonTo, setUpEmulator, validBody } from "./test-harness";

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, OPTIONS",
  "access-control-allow-headers": "Content-Type",
  "access-control-max-age": "7200",
};

const emulator = setUpEmulator();

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
    const started = Date.now();
    await hanging.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await pending).toBeInstanceOf(TypeError);
  });
});

describe("routing and CORS", () => {
  it("answers 404 for an unknown path, with CORS headers", async () => {
    const response = await fetch(`${emulator.url}/api/v1.0/email/nope`, { method: "POST" });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(
      "Nothing here: POST /api/v1.0/email/nope. Send emails to /api/v1.0/email/send.",
    );
    for (const [name, value] of Object.entries(CORS)) {
      expect(response.headers.get(name)).toBe(value);
    }
  });

  it("answers 405 for a wrong method, naming the allowed ones", async () => {
    const response = await fetch(`${emulator.url}/api/v1.0/email/send`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
    expect(await response.text()).toBe(
      "/api/v1.0/email/send does not accept GET; use POST, OPTIONS.",
    );
  });

  it.each(["/api/v1.0/email/send", "/api/v1.0/email/send-form", "/anything"])(
    "answers the preflight on %s with 204 and the CORS headers",
    async (path) => {
      const response = await fetch(`${emulator.url}${path}`, {
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
    const response = await emulator.sendJson(validBody({ user_id: "wrong" }));
    expect(response.status).toBe(400);
    for (const [name, value] of Object.entries(CORS)) {
      expect(response.headers.get(name)).toBe(value);
    }
  });
});
