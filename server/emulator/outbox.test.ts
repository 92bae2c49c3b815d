import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startEmulator } from "./server";
import { readOutboxLines, sendJsonTo, setUpEmulator, uniqueEmail, validBody } from "./test-harness";

const emulator = setUpEmulator();

describe("the outbox", () => {
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
