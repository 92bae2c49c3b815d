/**
 * One signup's record, and the one function that moves it (docs/behaviour.md, "The signup's
 * record"): every rule of a delivery, what the browser keeps and for how long, follows from `next`.
 * Pure: the event carries the day, the failure's kind and whether the budget allows a wait.
 */
import type { FailureKind } from "./retry-policy";

export const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a signup not yet delivered is kept, from the day of its last submit. */
export const PENDING_KEEP_MS = 7 * DAY_MS;
/** How long a delivered signup's record is kept, from the day of its delivery. */
export const DELIVERED_KEEP_MS = 30 * DAY_MS;

/** A time as a record keeps it: the start of its day (UTC), not the millisecond. */
export const dayOf = (time: number) => time - (((time % DAY_MS) + DAY_MS) % DAY_MS);

/**
 * What the browser keeps of one address. "sending": being tried (a page that closes leaves it for
 * the next to finish); `inFlight`, a request went out whose fate is unknown; `retried`, the one
 * retry of such a request went out. "failed": the visitor was told, the address waits in the field.
 * "delivered": no address, only the day (its key is the address's keyed hash).
 */
export type SignupRecord =
  | { state: "sending"; email: string; day: number; inFlight: boolean; retried: boolean }
  | { state: "failed"; email: string; day: number }
  | { state: "delivered"; day: number };

/** A record with its address: one a later page offers or finishes. */
export type PendingRecord = Exclude<SignupRecord, { state: "delivered" }>;

/**
 * What happens to a record. "submit": the visitor sends the address; "resume": a page finishes
 * one an earlier page left; "request": a request goes out; "answer": a try ended (`kind`
 * undefined: delivered; `wentOut` false: its request never went out, as the bot check gave no
 * token), `canWait` saying whether the budget allows the wait before another try;
 * "cancel": the visitor stops it.
 */
export type SignupEvent =
  | { type: "submit"; email: string; now: number }
  | { type: "resume"; now: number }
  | { type: "request" }
  | { type: "answer"; kind?: FailureKind; wentOut: boolean; canWait: boolean; now: number }
  | { type: "cancel" };

/** What the delivery does next: send a request, wait then send again, or stop with an outcome. */
export type Step = "send" | "wait" | "sent" | "already-sent" | "cancelled" | "failed";

/** The record after an event (null: removed), and the step it leads to. */
export type Transition = { record: SignupRecord | null; step: Step };

const sending = (email: string, now: number, retried = false): SignupRecord => ({
  state: "sending",
  email,
  day: dayOf(now),
  inFlight: false,
  retried,
});

const failed = (record: PendingRecord): Transition => ({
  record: { state: "failed", email: record.email, day: record.day },
  step: "failed",
});

/** Where a page takes over a record left being sent: its unknown request is tried once more. */
function resume(record: SignupRecord | null, now: number): Transition {
  if (record?.state !== "sending") return { record, step: "cancelled" };
  if (record.inFlight && record.retried) return failed(record);
  return { record: { ...record, day: dayOf(now) }, step: "send" };
}

function answer(
  record: SignupRecord | null,
  { kind, wentOut, canWait, now }: Extract<SignupEvent, { type: "answer" }>,
): Transition {
  if (kind === undefined) return { record: { state: "delivered", day: dayOf(now) }, step: "sent" };
  // Cancelled meanwhile, or delivered by an earlier request's late answer.
  if (record?.state !== "sending") return { record, step: "cancelled" };
  if (kind === "refused") return failed(record);
  if (kind === "maybe-delivered" && record.retried) return failed(record);
  const next = { ...record, inFlight: wentOut ? kind === "maybe-delivered" : record.inFlight };
  return canWait ? { record: next, step: "wait" } : failed(next);
}

export function next(record: SignupRecord | null, event: SignupEvent): Transition {
  switch (event.type) {
    case "submit":
      if (record?.state === "delivered") return { record, step: "already-sent" };
      // A request a closed page left unanswered: this send is its one retry.
      return {
        record: sending(event.email, event.now, record?.state === "sending" && record.inFlight),
        step: "send",
      };
    case "resume":
      return resume(record, event.now);
    case "request":
      if (record?.state !== "sending") return { record, step: "cancelled" };
      return {
        record: { ...record, inFlight: true, retried: record.retried || record.inFlight },
        step: "send",
      };
    case "answer":
      return answer(record, event);
    case "cancel":
      return { record: record?.state === "delivered" ? record : null, step: "cancelled" };
  }
}

/**
 * A record as it stands at `now`: null once past its keeping; one from the clock's future (another
 * tab's clock ahead, or this one's before it was set back) taken as today, so it still ends.
 */
export function kept(record: SignupRecord, now: number): SignupRecord | null {
  if (record.day > now) return { ...record, day: dayOf(now) };
  const keepMs = record.state === "delivered" ? DELIVERED_KEEP_MS : PENDING_KEEP_MS;
  return now - record.day < keepMs ? record : null;
}

/** A value read back from storage as a record, or null: anything may have written it. */
export function recordOf(value: unknown, isEmail: (email: string) => boolean): SignupRecord | null {
  if (!value || typeof value !== "object") return null;
  const { state, email, day, inFlight, retried } = value as Record<string, unknown>;
  if (typeof day !== "number" || !Number.isFinite(day)) return null;
  if (state === "delivered") return { state, day };
  if (typeof email !== "string" || !isEmail(email)) return null;
  if (state === "failed") return { state, email, day };
  if (state !== "sending" || typeof inFlight !== "boolean" || typeof retried !== "boolean") {
    return null;
  }
  return { state, email, day, inFlight, retried };
}
