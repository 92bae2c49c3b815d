import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startEmulator } from "./server";
import {
  controlCharactersIn,
  readOutboxLines,
  sendJsonTo,
  setUpEmulator,
  uniqueEmail,
  validBody,
} from "./test-harness";

const emulator = setUpEmulator();

describe("the outbox", () => {
  it("moves a full outbox aside and begins a new one, each send still accepted", async () => {
    const outboxPath = join(emulator.dir, "capped", "emails.jsonl");
    const logLines: string[] = [];
    // Each line carries both rendered emails (about 20 KB): the second send passes the cap.
    const capped = await startEmulator({
      port: 0,
      outboxPath,
      maxFileBytes: 30_000,
      log: (line) => logLines.push(line),
    });
    const sent = (lines: string[]) =>
      lines.map((line) => JSON.parse(line).template_params.email as string);
    try {
      for (const email of ["first@example.com", "second@example.com", "third@example.com"]) {
        const response = await sendJsonTo(capped.url, validBody({ template_params: { email } }));
        expect(response.status).toBe(200);
      }
      expect(sent(await readOutboxLines(outboxPath))).toEqual(["third@example.com"]);
      expect(sent(await readOutboxLines(`${outboxPath}.1`))).toEqual(["second@example.com"]);
      expect(logLines.filter((line) => line.startsWith(`${outboxPath} reached its cap`))).toEqual([
        `${outboxPath} reached its cap of 30000 bytes: moved to ${outboxPath}.1, a new one begun`,
        `${outboxPath} reached its cap of 30000 bytes: moved to ${outboxPath}.1, a new one begun`,
      ]);
    } finally {
      await capped.close();
    }
  }, 30_000);

  it("names the address of a send on the terminal with its control characters escaped", async () => {
    const email = "ada\u001b[2J\u009b@example.com";
    expect((await sendJsonTo(emulator.url, validBody({ template_params: { email } }))).status).toBe(
      200,
    );
    const line = emulator.logLines.filter((entry) => entry.includes("2J")).at(-1);
    expect(line).toMatch(/^Email accepted for "ada\\u001b\[2J\\x9b@example\.com" via send,/);
    expect(controlCharactersIn(line ?? "")).toEqual([]);
  });

  it("keeps 200 concurrent sends as 200 complete, distinct lines", async () => {
    const outboxPath = join(emulator.dir, "load", "emails.jsonl");
    const load = await startEmulator({ port: 0, outboxPath, log: () => {} });
    try {
      const emails = Array.from({ length: 200 }, (_, i) => `load-${i}@example.com`);
      const responses = await Promise.all(
        emails.map((email) =>
          sendJsonTo(load.url, validBody({ template_params: { email, i: email.length } })),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual(emails.map(() => 200));
      const lines = await readOutboxLines(outboxPath);
      expect(lines).toHaveLength(200);
      const sent = lines.map((line) => JSON.parse(line).template_params.email as string);
      expect(new Set(sent).size).toBe(200);
      expect([...sent].sort()).toEqual([...emails].sort());
    } finally {
      await load.close();
    }
    // What is held is completeness, not speed: 200 sends, each rendering both emails, on a busy
    // two-core machine take a few seconds, past Vitest's default 5 s.
  }, 30_000);

  it.each([
    ["a torn last line", '{"a":1}\n{"b":2}\n{"tor', '{"a":1}\n{"b":2}\n'],
    ["a file that is all torn line", '{"torn', ""],
    ["an intact file", '{"a":1}\n', '{"a":1}\n'],
  ])("repairs %s on start-up", async (_, before, after) => {
    const outboxPath = join(emulator.dir, `repair-${uniqueEmail("file")}.jsonl`);
    await writeFile(outboxPath, before);
    const lines: string[] = [];
    const repaired = await startEmulator({ port: 0, outboxPath, log: (l) => lines.push(l) });
    try {
      expect(await readFile(outboxPath, "utf8")).toBe(after);
      const dropped = before.length - after.length;
      expect(lines).toEqual(
        dropped > 0 ? [`Dropped a torn last line (${dropped} bytes) from ${outboxPath}`] : [],
      );
      expect((await sendJsonTo(repaired.url, validBody())).status).toBe(200);
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
    await emulator.sendJson(validBody({ template_params: { email, n: 1 } }));
    await emulator.sendJson(validBody({ template_params: { email: uniqueEmail("other") } }));
    await emulator.sendJson(validBody({ template_params: { email, n: 2 } }));
    const entries = await emulator.outboxFor(email);
    expect(entries.map((entry) => entry.template_params)).toEqual([
      { email, n: 1 },
      { email, n: 2 },
    ]);
    const all = await (await fetch(`${emulator.url}/__emulator/outbox`)).json();
    expect(all).toHaveLength((await emulator.outboxLines()).length);
  });
});
