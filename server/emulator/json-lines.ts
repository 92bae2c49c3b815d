/**
 * An append-only file of JSON lines, as the outbox and the analytics events keep theirs: appended
 * and read through one in-process queue, so concurrent writers never interleave and a read never
 * meets an append half landed; a torn last line from an earlier crash is dropped on opening. Two
 * stacks side by side share the file (README, "Ports"): each line is one append, so their lines
 * never mix, and a read parses only the lines that end, leaving one still landing for the next
 * read. A file is capped:
 * the line that would take it past `maxBytes` first moves it to `<path>.1` (replacing the one
 * there), so anything that posts to the emulator can fill at most twice the cap on disk.
 */
import { appendFile, mkdir, open, readFile, rename, rm, stat, truncate } from "node:fs/promises";
import { dirname } from "node:path";

/**
 * Each file's cap: 64 MiB, about 3,000 emails (each line carries both rendered emails, about 20 KB)
 * or 200,000 events, far past any test run or day of development.
 */
const DEFAULT_MAX_FILE_BYTES = 64 * 1024 * 1024;

/** Backwards scan step when looking for the last complete line of the file. */
const TAIL_SCAN_BYTES = 64 * 1024;

/** A crash mid-write can leave a half line; drop it so every line of the file parses. */
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

/** The file's complete lines: a last one without its newline is still landing, not yet a line. */
async function readLines<T>(path: string): Promise<T[]> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const complete = text.slice(0, text.lastIndexOf("\n") + 1);
  return complete
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as T);
}

export type JsonLines<T> = {
  path: string;
  /** Resolves once the line is in the file (created, with its folder, on the first append). */
  append(entry: T): Promise<void>;
  /** Every complete line, after the writes queued so far and before those queued after. */
  read(): Promise<T[]>;
  /** Removes the file, after the writes queued so far. */
  clear(): Promise<void>;
  /** Resolves once every write so far has landed or failed. */
  settled(): Promise<void>;
};

/** The size of the file at `path`, 0 when there is none. */
async function sizeOf(path: string): Promise<number> {
  return stat(path).then(
    (stats) => stats.size,
    () => 0,
  );
}

/** Opens the file at `path`, repairing a torn last line first; capped at `maxBytes`. */
export async function openJsonLines<T>(
  path: string,
  log: (line: string) => void,
  maxBytes = DEFAULT_MAX_FILE_BYTES,
): Promise<JsonLines<T>> {
  const dropped = await repairTornTail(path);
  if (dropped > 0) log(`Dropped a torn last line (${dropped} bytes) from ${path}`);
  let size = await sizeOf(path);

  // One queue: each line goes out in one append call, after the previous one landed; a read
  // takes its turn in it, so an append queued after the read waits for the read to end.
  let writes: Promise<void> = Promise.resolve();
  const queue = <R>(work: () => Promise<R>): Promise<R> => {
    const queued = writes.then(work);
    writes = queued.then(
      () => {},
      () => {},
    );
    return queued;
  };
  return {
    path,
    append(entry) {
      const line = `${JSON.stringify(entry)}\n`;
      const bytes = Buffer.byteLength(line);
      return queue(async () => {
        if (size > 0 && size + bytes > maxBytes) {
          // Gone already (cleared by hand): nothing to move.
          await rename(path, `${path}.1`).catch((error: NodeJS.ErrnoException) => {
            if (error.code !== "ENOENT") throw error;
          });
          size = 0;
          log(`${path} reached its cap of ${maxBytes} bytes: moved to ${path}.1, a new one begun`);
        }
        await mkdir(dirname(path), { recursive: true });
        await appendFile(path, line, "utf8");
        size += bytes;
      });
    },
    read: () => queue(() => readLines<T>(path)),
    clear: () =>
      queue(async () => {
        await rm(path, { force: true });
        size = 0;
      }),
    settled: () => writes,
  };
}
