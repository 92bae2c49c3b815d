import { appendFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openJsonLines } from "./json-lines";

/**
 * The file system as the file sees it, with each read held until `release()` and every read's
 * start and end and every append written down in order.
 */
const fsLog = vi.hoisted(() => {
  let open: () => void = () => {};
  const state = {
    events: [] as string[],
    held: Promise.resolve(),
    hold() {
      state.held = new Promise<void>((resolve) => {
        open = resolve;
      });
    },
    release: () => open(),
  };
  return state;
});

vi.mock("node:fs/promises", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs/promises")>();
  return {
    ...fs,
    readFile: async (...args: Parameters<typeof fs.readFile>) => {
      fsLog.events.push("read starts");
      await fsLog.held;
      const text = await fs.readFile(...args);
      fsLog.events.push("read ends");
      return text;
    },
    appendFile: async (...args: Parameters<typeof fs.appendFile>) => {
      fsLog.events.push("append");
      return fs.appendFile(...args);
    },
  };
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "json-lines-"));
});
afterEach(async () => {
  fsLog.release();
  fsLog.events = [];
  await rm(dir, { recursive: true, force: true });
});

// The torn read a fresh clone met on Node 24: a read, then an append queued by another request
// while the read was under way.
describe("a JSON-lines file read while it is appended to", () => {
  it("holds an append queued after a read until the read has ended", async () => {
    const lines = await openJsonLines<{ n: number }>(join(dir, "a.jsonl"), () => {});
    await lines.append({ n: 1 });
    fsLog.events = [];
    fsLog.hold();
    const read = lines.read();
    const appended = lines.append({ n: 2 });
    await vi.waitFor(() => expect(fsLog.events).toContain("read starts"));
    fsLog.release();
    expect(await read).toEqual([{ n: 1 }]);
    await appended;
    expect(fsLog.events).toEqual(["read starts", "read ends", "append"]);
    expect(await lines.read()).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it("leaves a last line still landing (another stack's append) for the next read", async () => {
    const path = join(dir, "shared.jsonl");
    await writeFile(path, `${JSON.stringify({ n: 1 })}\n{"n":`);
    const lines = await openJsonLines<{ n: number }>(path, () => {});
    // Opening drops a torn tail, as after a crash: write the half line again, as a live writer.
    await appendFile(path, '{"n":');
    expect(await lines.read()).toEqual([{ n: 1 }]);
    await appendFile(path, "2}\n");
    expect(await lines.read()).toEqual([{ n: 1 }, { n: 2 }]);
  });
});
