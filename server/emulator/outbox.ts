/**
 * The emulator's outbox: one JSON line per accepted email, appended through one in-process queue,
 * so concurrent sends never interleave and a crash never leaves a half line behind.
 */
import { appendFile, mkdir, open, readFile, truncate } from "node:fs/promises";
import { dirname } from "node:path";
import type { RenderedMessage } from "./messages";

/** Backwards scan step when looking for the last complete line of the outbox. */
const TAIL_SCAN_BYTES = 64 * 1024;

export type OutboxEntry = {
  time: string;
  endpoint: "send" | "send-form";
  user_id: string;
  service_id: string;
  template_id: string;
  lib_version: string | null;
  template_params: Record<string, unknown>;
  /** The two emails EmailJS would send for it; absent on lines written before the emails existed. */
  messages?: RenderedMessage[];
};

/** A crash mid-write can leave a half line; drop it so every line of the outbox parses. */
async function repairTornTail(path: string): Promise<number> {
  let file: Awaited<ReturnType<typeof open>>;
  try {
    file = await open(path, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  try {
    const { size } = await file.stat();
    const buffer = Buffer.alloc(TAIL_SCAN_BYTES);
    let end = size;
    while (end > 0) {
      const start = Math.max(0, end - TAIL_SCAN_BYTES);
      const { bytesRead } = await file.read(buffer, 0, end - start, start);
      const newline = buffer.subarray(0, bytesRead).lastIndexOf(0x0a);
      if (newline !== -1) {
        const keep = start + newline + 1;
        if (keep < size) await truncate(path, keep);
        return size - keep;
      }
      end = start;
    }
    if (size > 0) await truncate(path, 0);
    return size;
  } finally {
    await file.close();
  }
}

async function readEntries(path: string): Promise<OutboxEntry[]> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as OutboxEntry);
}

export type Outbox = {
  path: string;
  /** Resolves once the line is in the file. */
  append(entry: OutboxEntry): Promise<void>;
  /** Every entry, or those whose `email` template parameter is `email`, after pending writes. */
  list(email?: string | null): Promise<OutboxEntry[]>;
  /** Resolves once every append so far has landed or failed. */
  settled(): Promise<void>;
};

/** Opens the outbox at `path` (created on the first append), repairing a torn last line first. */
export async function openOutbox(path: string, log: (line: string) => void): Promise<Outbox> {
  const dropped = await repairTornTail(path);
  if (dropped > 0) log(`Dropped a torn last line (${dropped} bytes) from ${path}`);

  // One queue: each line goes out in one append call, after the previous one landed.
  let writes: Promise<void> = Promise.resolve();
  return {
    path,
    append(entry) {
      const line = `${JSON.stringify(entry)}\n`;
      const write = writes.then(async () => {
        await mkdir(dirname(path), { recursive: true });
        await appendFile(path, line, "utf8");
      });
      writes = write.catch(() => {});
      return write;
    },
    async list(email) {
      await writes;
      const entries = await readEntries(path);
      return email == null
        ? entries
        : entries.filter((entry) => entry.template_params.email === email);
    },
    settled: () => writes,
  };
}
