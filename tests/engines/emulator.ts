/**
 * The engine tests' one door to the local EmailJS emulator: its fault switch and its outbox.
 * Everything that names the emulator's module or its test URLs is here, so a rename of either is
 * one edit.
 */
import type { Fault } from "../../server/emulator/faults";
import type { OutboxEntry } from "../../server/emulator/outbox";
import { E2E_EMULATOR_URL } from "../e2e/stack-ports";

const TEST_API = `${E2E_EMULATOR_URL}/__emulator`;

export type { Fault };

/** Makes the emulator's next matching sends fail. */
export async function setFault(fault: Fault): Promise<void> {
  const response = await fetch(`${TEST_API}/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(fault),
  });
  if (!response.ok) throw new Error(`emulator refused the fault: HTTP ${response.status}`);
}

/** The emails the emulator accepted for one address. */
export async function outboxFor(email: string): Promise<OutboxEntry[]> {
  const response = await fetch(`${TEST_API}/outbox?email=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`emulator outbox: HTTP ${response.status}`);
  return (await response.json()) as OutboxEntry[];
}
