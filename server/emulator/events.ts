/**
 * The analytics events the emulator received on Plausible's event API, one JSON line each in a file
 * beside the outbox (events.jsonl beside emails.jsonl), with the time each arrived.
 */
import { basename, dirname, extname, join } from "node:path";
import { openJsonLines } from "./json-lines";
import type { PlausibleEvent } from "./plausible";

/** An event as it arrived, and when (ISO 8601). */
export type RecordedEvent = { time: string } & PlausibleEvent;

/**
 * The events file beside an outbox: `events.jsonl` beside `emails.jsonl`, `<name>-events.jsonl`
 * beside any other `<name>.jsonl`, so two emulators whose outboxes share a folder never share it.
 */
export function eventsPathBeside(outboxPath: string): string {
  const extension = extname(outboxPath);
  const name = basename(outboxPath, extension);
  return join(dirname(outboxPath), name === "emails" ? "events.jsonl" : `${name}-events.jsonl`);
}

export type Events = {
  path: string;
  /** Resolves once the event's line is in the file. */
  record(event: PlausibleEvent): Promise<RecordedEvent>;
  /** Every event, or those named `name`, oldest first, after the writes queued so far. */
  list(name?: string | null): Promise<RecordedEvent[]>;
  clear(): Promise<void>;
  settled(): Promise<void>;
};

/** Opens the events file at `path` (created on the first event), capped at `maxBytes` (json-lines.ts). */
export async function openEvents(
  path: string,
  log: (line: string) => void,
  maxBytes?: number,
): Promise<Events> {
  const lines = await openJsonLines<RecordedEvent>(path, log, maxBytes);
  return {
    path,
    async record(event) {
      const recorded = { time: new Date().toISOString(), ...event };
      await lines.append(recorded);
      return recorded;
    },
    async list(name) {
      const events = await lines.read();
      return name == null ? events : events.filter((event) => event.n === name);
    },
    clear: () => lines.clear(),
    settled: () => lines.settled(),
  };
}
