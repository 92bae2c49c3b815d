/**
 * The engine tests' one door to the local EmailJS emulator: its fault switch and its outbox.
 * Everything that names the emulator's module or its test URLs is here, so a rename of either is
 * one edit.
 */
import { emulatorControls, type Fault, type OutboxEntry } from "../../server/emulator/client";
import { E2E_EMULATOR_URL } from "../e2e/support/stack-ports";

const controls = emulatorControls(E2E_EMULATOR_URL);

export type { Fault };

/** Makes the emulator's next matching sends fail. */
export function setFault(fault: Fault): Promise<void> {
  return controls.fault(fault);
}

/** The emails the emulator accepted for one address. */
export function outboxFor(email: string): Promise<OutboxEntry[]> {
  return controls.outbox(email);
}
