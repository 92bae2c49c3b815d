/**
 * Shared by the emulator's test files: one emulator per file on an ephemeral port with its own
 * outbox, faults cleared after each test, and small HTTP helpers that speak the wire protocol.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { emulatorControls } from "./client";
import { type Emulator, startEmulator } from "./server";

// Typed literally, as .env.emulator has them: the tests check the emulator reads that file.
export const PUBLIC_KEY = "local-public-key";
export const SERVICE_ID = "service_local";
export const TEMPLATE_ID = "template_waitlist";
export const LIB_VERSION = "4.4.1";

let emailCounter = 0;

/** Unique per test file and process, so parallel files never share outbox lines or faults. */
export function uniqueEmail(label: string): string {
  emailCounter += 1;
  return `${label}-${emailCounter}-${process.pid}@example.com`;
}

export function validBody(overrides: Record<string, unknown> = {}) {
  return {
    user_id: PUBLIC_KEY,
    service_id: SERVICE_ID,
    template_id: TEMPLATE_ID,
    template_params: { email: "ada@example.com" },
    lib_version: LIB_VERSION,
    ...overrides,
  };
}

export function sendJsonTo(base: string, body: unknown, init: RequestInit = {}) {
  return fetch(`${base}/api/v1.0/email/send`, {
    method: "POST",
    headers: { "Content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...init,
  });
}

/** The outbox file's lines; also checks the file never ends in a half line. */
export async function readOutboxLines(path: string): Promise<string[]> {
  const text = await readFile(path, "utf8").catch(() => "");
  expect(text === "" || text.endsWith("\n")).toBe(true);
  return text.split("\n").filter((line) => line !== "");
}

export async function postFault(base: string, fault: Record<string, unknown>) {
  return fetch(`${base}/__emulator/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(fault),
  });
}

/**
 * Starts this file's emulator (ids left out on purpose, so they come from .env.emulator); `now` is
 * the clock of its limits and outage.
 */
export function setUpEmulator({ now }: { now?: () => number } = {}) {
  const state = { dir: "", emulator: undefined as Emulator | undefined, logLines: [] as string[] };
  const emulator = () => {
    if (!state.emulator) throw new Error("the emulator starts in beforeAll");
    return state.emulator;
  };

  beforeAll(async () => {
    state.dir = await mkdtemp(join(tmpdir(), "emulator-"));
    state.emulator = await startEmulator({
      port: 0,
      outboxPath: join(state.dir, "nested", "emails.jsonl"),
      now,
      log: (line) => state.logLines.push(line),
    });
    // The first start in a process renders the emails in a worker: seconds on a busy machine, and
    // beyond 30 s beside another test run and busy loops on 2 cores.
  }, 90_000);
  afterEach(async () => {
    const controls = emulatorControls(emulator().url);
    await Promise.all([
      controls.clearFaults(),
      controls.clearLimits(),
      controls.endOutage(),
      controls.clearChecks(),
    ]);
  });
  afterAll(async () => {
    await state.emulator?.close();
    await rm(state.dir, { recursive: true, force: true });
  });

  return {
    get dir() {
      return state.dir;
    },
    get url() {
      return emulator().url;
    },
    get emulator() {
      return emulator();
    },
    get controls() {
      return emulatorControls(emulator().url);
    },
    logLines: state.logLines,
    sendJson: (body: unknown, init: RequestInit = {}) => sendJsonTo(emulator().url, body, init),
    outboxLines: () => readOutboxLines(emulator().outboxPath),
    async outboxFor(email: string) {
      const response = await fetch(
        `${emulator().url}/__emulator/outbox?email=${encodeURIComponent(email)}`,
      );
      expect(response.status).toBe(200);
      return (await response.json()) as Array<Record<string, unknown>>;
    },
    async addFault(fault: Record<string, unknown>) {
      expect((await postFault(emulator().url, fault)).status).toBe(200);
    },
  };
}

/** The control characters (C0, DEL, C1) and text-reordering marks left in `text`: none, for a safe line. */
export function controlCharactersIn(text: string): string[] {
  return [...text].filter((character) => {
    const code = character.codePointAt(0) ?? 0;
    return code < 0x20 || (code >= 0x7f && code <= 0x9f) || (code >= 0x202a && code <= 0x202e);
  });
}
