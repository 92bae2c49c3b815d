/**
 * `npm start`, `npm run dev` and `npm run emulator` as a person runs them: a busy or malformed
 * port ends the command with one line naming the setting to change, exit code 1, no stack trace.
 */
import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeServer, freePort, holdPort } from "../../server/ports";
import { runToEnd } from "../quality/run-to-end";

const root = resolve(import.meta.dirname, "../..");
const TSX = resolve(root, "node_modules/.bin/tsx");
/** Generous: each run starts Node and tsx, on a machine shared with other test runs. */
const RUN_TIMEOUT_MS = 90_000;
// A test waits for its run to end, so it must be allowed longer than the run: the suite's 30 s is not.
vi.setConfig({ testTimeout: RUN_TIMEOUT_MS + 5_000 });

let busy: Server;
let busyPort: number;
let dir: string;

function run(script: string, env: Record<string, string>) {
  return runToEnd(TSX, [script], {
    cwd: root,
    env: { ...process.env, EMULATOR_OUTBOX: join(dir, "outbox.jsonl"), ...env },
    timeoutMs: RUN_TIMEOUT_MS,
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "local-stack-"));
  ({ server: busy, port: busyPort } = await holdPort());
});

afterAll(async () => {
  await closeServer(busy);
  await rm(dir, { recursive: true, force: true });
});

describe.each([
  ["npm start", "scripts/local/start.ts"],
  ["npm run dev", "scripts/local/dev.ts"],
])("%s", (_, script) => {
  it("names PORT when the site's port is busy", async () => {
    const result = await run(script, {
      PORT: String(busyPort),
      EMULATOR_PORT: String(await freePort()),
    });
    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr: `Port ${busyPort} is in use: set PORT to another port.\n`,
    });
  });

  it("names EMULATOR_PORT when the emulator's port is busy", async () => {
    const result = await run(script, {
      PORT: String(await freePort()),
      EMULATOR_PORT: String(busyPort),
    });
    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr: `Port ${busyPort} is in use: set EMULATOR_PORT to another port.\n`,
    });
  });
});

describe("npm run emulator", () => {
  it("names EMULATOR_PORT when its port is busy", async () => {
    const result = await run("server/emulator/server.ts", { EMULATOR_PORT: String(busyPort) });
    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr: `Port ${busyPort} is in use: set EMULATOR_PORT to another port.\n`,
    });
  });

  it("says what a port must look like when EMULATOR_PORT is not one", async () => {
    const result = await run("server/emulator/server.ts", { EMULATOR_PORT: "418000" });
    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr: "EMULATOR_PORT must be a port number from 0 to 65535; got '418000'.\n",
    });
  });
});
