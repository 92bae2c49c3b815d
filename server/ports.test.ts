import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import {
  closeServer,
  ensurePortFree,
  freePort,
  holdPort,
  listenOn,
  PortError,
  readPort,
} from "./ports";

describe("readPort", () => {
  it("falls back when the setting is unset or blank", () => {
    expect(readPort({}, "PORT", 4173)).toBe(4173);
    expect(readPort({ PORT: " " }, "PORT", 4173)).toBe(4173);
  });

  it("reads a port, 0 included (any free port)", () => {
    expect(readPort({ PORT: "4801" }, "PORT", 4173)).toBe(4801);
    expect(readPort({ PORT: "0" }, "PORT", 4173)).toBe(0);
    expect(readPort({ PORT: "65535" }, "PORT", 4173)).toBe(65535);
  });

  it.each(["abc", "41.8", "-1", "65536", "4180x"])("refuses %j, naming the setting", (raw) => {
    expect(() => readPort({ EMULATOR_PORT: raw }, "EMULATOR_PORT", 4180)).toThrow(
      new PortError(`EMULATOR_PORT must be a port number from 0 to 65535; got '${raw}'.`),
    );
  });
});

describe("ports held, probed and freed", () => {
  it("a held port is busy for the next server, named by its setting, until it is closed", async () => {
    const { server, port } = await holdPort();
    expect(port).toBeGreaterThan(0);
    await expect(ensurePortFree(port, "PORT")).rejects.toThrow(
      new PortError(`Port ${port} is in use: set PORT to another port.`),
    );
    await closeServer(server);
    await expect(ensurePortFree(port, "PORT")).resolves.toBeUndefined();
  });

  it("a free port can be listened on", async () => {
    const port = await freePort();
    const server = createServer();
    expect(await listenOn(server, port, "PORT")).toBe(port);
    await closeServer(server);
  });
});
