/** A signup's record and `next`, its pure move: docs/behaviour.md, "The signup's record". */
import type { FailureKind } from "./retry-policy";

export const DAY_MS = 24 * 60 * 60 * 1000;
// From the day of the last submit, or of delivery (docs/behaviour.md, "What the browser keeps").
export const PENDING_KEEP_MS = 7 * DAY_MS;
export const DELIVERED_KEEP_MS = 30 * DAY_MS;

/** A time as a record keeps it: the start of its day (UTC). */
export const dayOf = (time: number) => time - (((time % DAY_MS) + DAY_MS) % DAY_MS);

/** `inFlight`: a request went out, its fate unknown; `retried`: its one retry went out too. */
export type SignupRecord =
  | { state: "sending"; email: string; day: number; inFlight: boolean; retried: boolean }
  | { state: "failed"; email: string; day: number }
  | { state: "delivered"; day: number };

/** A record with its address: one a later page offers or finishes. */
export type PendingRecord = Exclude<SignupRecord, { state: "delivered" }>;

/** An answer's `kind` undefined: delivered; `wentOut` false: the bot check gave no token. */
export type SignupEvent =
  | { type: "submit"; email: string; now: number }
  | { type: "resume"; now: number }
  | { type: "request" }
  | { type: "answer"; kind?: FailureKind; wentOut: boolean; canWait: boolean; now: number }
  | { type: "cancel" };

export type Step = "send" | "wait" | "sent" | "already-sent" | "cancelled" | "failed";

/** The record after an event (null: removed), and the step it leads to. */
export type Transition = { record: SignupRecord | null; step: Step };

const failed = (record: PendingRecord): Transition => ({
  record: { state: "failed", email: record.email, day: record.day },
  step: "failed",
});

export function next(record: SignupRecord | null, event: SignupEvent): Transition {
  if (event.type === "submit") {
    if (record?.state === "delivered") return { record, step: "already-sent" };
    // A request a closed page left unanswered: this send is its one retry.
    const retried = record?.state === "sending" && record.inFlight;
    const sending = { email: event.email, day: dayOf(event.now), inFlight: false, retried };
    return { record: { state: "sending", ...sending }, step: "send" };
  }
  if (event.type === "cancel")
    return { record: record?.state === "delivered" ? record : null, step: "cancelled" };
  if (event.type === "answer" && event.kind === undefined)
    return { record: { state: "delivered", day: dayOf(event.now) }, step: "sent" };
  // Nothing being sent: cancelled meanwhile, or delivered by an earlier request's late answer.
  if (record?.state !== "sending") return { record, step: "cancelled" };
  if (event.type === "request") {
    const retried = record.retried || record.inFlight;
    return { record: { ...record, inFlight: true, retried }, step: "send" };
  }
  if (event.type === "resume") {
    if (record.inFlight && record.retried) return failed(record);
    return { record: { ...record, day: dayOf(event.now) }, step: "send" };
  }
  const { kind, wentOut, canWait } = event;
  if (kind === "refused" || (kind === "maybe-delivered" && record.retried)) return failed(record);
  const moved = { ...record, inFlight: wentOut ? kind === "maybe-delivered" : record.inFlight };
  return canWait ? { record: moved, step: "wait" } : failed(moved);
}

/** The record at `now`: null past its keeping; a day in the clock's future taken as today. */
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
  const flags = typeof inFlight === "boolean" && typeof retried === "boolean";
  return state === "sending" && flags ? { state, email, day, inFlight, retried } : null;
}
