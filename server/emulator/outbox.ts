/**
 * The emulator's outbox: one JSON line per accepted email, in a file of JSON lines (json-lines.ts:
 * one write queue, so concurrent sends never interleave and a crash never leaves a half line).
 */
import { openJsonLines } from "./json-lines";
import type { RenderedMessage } from "./messages";

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

export type Outbox = {
  path: string;
  /** Resolves once the line is in the file. */
  append(entry: OutboxEntry): Promise<void>;
  /** Every entry, or those whose `email` template parameter is `email`, after pending writes. */
  list(email?: string | null): Promise<OutboxEntry[]>;
  /** Resolves once every append so far has landed or failed. */
  settled(): Promise<void>;
};

/**
 * Opens the outbox at `path` (created on the first append), repairing a torn last line first;
 * capped at `maxBytes` (json-lines.ts).
 */
export async function openOutbox(
  path: string,
  log: (line: string) => void,
  maxBytes?: number,
): Promise<Outbox> {
  const lines = await openJsonLines<OutboxEntry>(path, log, maxBytes);
  return {
    path,
    append: (entry) => lines.append(entry),
    async list(email) {
      const entries = await lines.read();
      return email == null
        ? entries
        : entries.filter((entry) => entry.template_params.email === email);
    },
    settled: () => lines.settled(),
  };
}
