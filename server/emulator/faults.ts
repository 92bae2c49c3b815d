/**
 * The emulator's fault switch: tests queue failures (a status, a delay, a dropped or hanging
 * connection) for the next N sends, optionally only for one address.
 */
import { HttpError, isPlainObject, kindOf } from "./protocol";

export type Fault = {
  count: number;
  status?: number;
  body?: string;
  delayMs?: number;
  drop?: boolean;
  hang?: boolean;
  match?: { email: string };
};

type QueuedFault = Fault & { remaining: number };

const FAULT_FIELDS = ["count", "status", "body", "delayMs", "drop", "hang", "match"];

/** Checks a fault posted to the switch; anything off is a 400 that says what to send instead. */
export function parseFault(value: unknown): Fault {
  const fail = (message: string): never => {
    throw new HttpError(400, `Invalid fault: ${message}`);
  };
  if (!isPlainObject(value)) return fail(`expected a JSON object, got ${kindOf(value)}.`);
  const unknown = Object.keys(value).filter((key) => !FAULT_FIELDS.includes(key));
  if (unknown.length > 0) {
    fail(`unknown field ${unknown.join(", ")}; use ${FAULT_FIELDS.join(", ")}.`);
  }
  const { count, status, body, delayMs, drop, hang, match } = value;
  if (typeof count !== "number" || !Number.isInteger(count) || count < 1) {
    fail("count must be a whole number of requests, 1 or more.");
  }
  if (status !== undefined) {
    if (typeof status !== "number" || !Number.isInteger(status) || status < 200 || status > 599) {
      fail("status must be an HTTP status from 200 to 599.");
    }
  }
  if (body !== undefined && typeof body !== "string") fail("body must be a string.");
  if (body !== undefined && status === undefined) fail("body needs a status to go with it.");
  if (delayMs !== undefined) {
    if (typeof delayMs !== "number" || !Number.isFinite(delayMs) || delayMs < 0) {
      fail("delayMs must be a number of milliseconds, 0 or more.");
    }
  }
  if (drop !== undefined && typeof drop !== "boolean") fail("drop must be true or false.");
  if (hang !== undefined && typeof hang !== "boolean") fail("hang must be true or false.");
  const outcomes = [status !== undefined, drop === true, hang === true].filter(Boolean).length;
  if (outcomes > 1) fail("choose one of status, drop and hang.");
  if (outcomes === 0 && delayMs === undefined) {
    fail("give at least one of status, delayMs, drop or hang.");
  }
  if (match !== undefined && !(isPlainObject(match) && typeof match.email === "string")) {
    fail('match must look like {"email": "someone@example.com"}.');
  }
  return value as Fault;
}

/** A fault in a few words, for the terminal: "delay 400 ms, then status 504". */
export function describeFault(fault: Fault): string {
  const outcome = fault.hang
    ? "hang"
    : fault.drop
      ? "drop the connection"
      : fault.status !== undefined
        ? `status ${fault.status}`
        : "send";
  return fault.delayMs ? `delay ${fault.delayMs} ms, then ${outcome}` : outcome;
}

type FaultSwitch = {
  add(fault: Fault): void;
  /** The first queued fault that applies to a send with these params, counted down by one. */
  take(params: Record<string, unknown>): Fault | undefined;
  clear(): void;
  /** What is still queued, with each fault's remaining count. */
  pending(): readonly QueuedFault[];
};

export function createFaultSwitch(): FaultSwitch {
  const faults: QueuedFault[] = [];
  return {
    add(fault) {
      faults.push({ ...fault, remaining: fault.count });
    },
    take(params) {
      const index = faults.findIndex(
        (fault) => fault.match === undefined || params.email === fault.match.email,
      );
      const fault = faults[index];
      if (!fault) return undefined;
      fault.remaining -= 1;
      if (fault.remaining === 0) faults.splice(index, 1);
      return fault;
    },
    clear() {
      faults.length = 0;
    },
    pending: () => faults,
  };
}
