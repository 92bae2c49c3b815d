/**
 * The signup's record (docs/behaviour.md, "No lost signups", "What the browser keeps", "Launch
 * day"): each event's outcome, what is kept and for how long, and what storage may hand back.
 */
import { describe, expect, it } from "vitest";
import { isValidEmail } from "./email-validation";
import {
  DAY_MS,
  dayOf,
  kept,
  next,
  recordOf,
  type SignupEvent,
  type SignupRecord,
  type Step,
} from "./signup-record";

const EMAIL = "ada@example.com";
/** Today, 9:30 UTC; records are kept by the day, the first millisecond of it (UTC). */
const NOW = Date.UTC(2026, 10, 28, 9, 30);
const TODAY = Date.UTC(2026, 10, 28);
/** The day an earlier page wrote the record. */
const EARLIER = Date.UTC(2026, 10, 25);

const sending = (inFlight = false, retried = false): SignupRecord => ({
  state: "sending",
  email: EMAIL,
  day: EARLIER,
  inFlight,
  retried,
});
const failed: SignupRecord = { state: "failed", email: EMAIL, day: EARLIER };
const delivered: SignupRecord = { state: "delivered", day: EARLIER };

const submit: SignupEvent = { type: "submit", email: "Ada@Example.com", now: NOW };
const resume: SignupEvent = { type: "resume", now: NOW };
const request: SignupEvent = { type: "request" };
const answer = (
  kind: "try-again" | "maybe-delivered" | "refused" | undefined,
  { wentOut = true, canWait = true } = {},
): SignupEvent => ({ type: "answer", kind, wentOut, canWait, now: NOW });

type Case = {
  name: string;
  record: SignupRecord | null;
  event: SignupEvent;
  expected: SignupRecord | null;
  step: Step;
};

const cases: Case[] = [
  // A submit: sent from today, unless already delivered.
  {
    name: "a first submit is sent, kept from today",
    record: null,
    event: submit,
    expected: {
      state: "sending",
      email: "Ada@Example.com",
      day: TODAY,
      inFlight: false,
      retried: false,
    },
    step: "send",
  },
  {
    name: "a submit of an address being sent, with no request out, starts it anew from today",
    record: sending(),
    event: submit,
    expected: {
      state: "sending",
      email: "Ada@Example.com",
      day: TODAY,
      inFlight: false,
      retried: false,
    },
    step: "send",
  },
  {
    name: "a submit of an address a closed page left unanswered is its one retry",
    record: sending(true),
    event: submit,
    expected: {
      state: "sending",
      email: "Ada@Example.com",
      day: TODAY,
      inFlight: false,
      retried: true,
    },
    step: "send",
  },
  {
    name: "a submit of a failed address sends it again, from scratch",
    record: failed,
    event: submit,
    expected: {
      state: "sending",
      email: "Ada@Example.com",
      day: TODAY,
      inFlight: false,
      retried: false,
    },
    step: "send",
  },
  {
    name: "a submit of a delivered address sends nothing",
    record: delivered,
    event: submit,
    expected: delivered,
    step: "already-sent",
  },
  // A later page finishing what an earlier one left.
  { name: "resume with no record", record: null, event: resume, expected: null, step: "cancelled" },
  {
    name: "resume of a failed address",
    record: failed,
    event: resume,
    expected: failed,
    step: "cancelled",
  },
  {
    name: "resume of a delivered address",
    record: delivered,
    event: resume,
    expected: delivered,
    step: "cancelled",
  },
  {
    name: "resume of an address being sent carries it on, kept from today",
    record: sending(),
    event: resume,
    expected: { ...sending(), day: TODAY },
    step: "send",
  },
  {
    name: "resume of an unanswered request sends it once more",
    record: sending(true),
    event: resume,
    expected: { ...sending(true), day: TODAY },
    step: "send",
  },
  {
    name: "resume of an unanswered retry fails it, the address kept",
    record: sending(true, true),
    event: resume,
    expected: failed,
    step: "failed",
  },
  // A request going out.
  {
    name: "a request goes out",
    record: sending(),
    event: request,
    expected: sending(true),
    step: "send",
  },
  {
    name: "a request after an unanswered one is its retry",
    record: sending(true),
    event: request,
    expected: sending(true, true),
    step: "send",
  },
  {
    name: "a request after a refused retry is still the retry",
    record: sending(false, true),
    event: request,
    expected: sending(true, true),
    step: "send",
  },
  {
    name: "no request once cancelled",
    record: null,
    event: request,
    expected: null,
    step: "cancelled",
  },
  {
    name: "no request for a failed address",
    record: failed,
    event: request,
    expected: failed,
    step: "cancelled",
  },
  {
    name: "no request once delivered",
    record: delivered,
    event: request,
    expected: delivered,
    step: "cancelled",
  },
  // An answer.
  {
    name: "a success is delivered, kept from today with no address",
    record: sending(true),
    event: answer(undefined),
    expected: { state: "delivered", day: TODAY },
    step: "sent",
  },
  {
    name: "a late success after a cancel still counts as delivered",
    record: null,
    event: answer(undefined),
    expected: { state: "delivered", day: TODAY },
    step: "sent",
  },
  {
    name: "a refusal fails, the address kept",
    record: sending(true),
    event: answer("refused"),
    expected: failed,
    step: "failed",
  },
  {
    name: "a try-again within the budget waits; nothing is out",
    record: sending(true),
    event: answer("try-again"),
    expected: sending(false),
    step: "wait",
  },
  {
    name: "a try-again past the budget fails",
    record: sending(true),
    event: answer("try-again", { canWait: false }),
    expected: failed,
    step: "failed",
  },
  {
    name: "a maybe-delivered request waits for its one retry, still out",
    record: sending(true),
    event: answer("maybe-delivered"),
    expected: sending(true),
    step: "wait",
  },
  {
    name: "a maybe-delivered request past the budget fails",
    record: sending(true),
    event: answer("maybe-delivered", { canWait: false }),
    expected: failed,
    step: "failed",
  },
  {
    name: "a maybe-delivered retry fails, even within the budget",
    record: sending(true, true),
    event: answer("maybe-delivered"),
    expected: failed,
    step: "failed",
  },
  {
    name: "a try that never went out leaves an earlier unanswered request out",
    record: sending(true),
    event: answer("try-again", { wentOut: false }),
    expected: sending(true),
    step: "wait",
  },
  {
    name: "a try that never went out leaves nothing out where nothing was",
    record: sending(),
    event: answer("try-again", { wentOut: false }),
    expected: sending(),
    step: "wait",
  },
  {
    name: "a failure after a cancel changes nothing",
    record: null,
    event: answer("try-again"),
    expected: null,
    step: "cancelled",
  },
  {
    name: "a failure after a late success stays delivered",
    record: delivered,
    event: answer("maybe-delivered"),
    expected: delivered,
    step: "cancelled",
  },
  // The visitor stops it.
  {
    name: "cancel drops an address being sent",
    record: sending(true),
    event: { type: "cancel" },
    expected: null,
    step: "cancelled",
  },
  {
    name: "cancel drops a failed address",
    record: failed,
    event: { type: "cancel" },
    expected: null,
    step: "cancelled",
  },
  {
    name: "cancel keeps a delivery",
    record: delivered,
    event: { type: "cancel" },
    expected: delivered,
    step: "cancelled",
  },
];

describe("next", () => {
  it.each(cases)("$name", ({ record, event, expected, step }) => {
    expect(next(record, event)).toEqual({ record: expected, step });
  });

  it("leaves the record it was given as it was", () => {
    const record = sending(true);
    next(record, request);
    next(record, answer(undefined));
    expect(record).toEqual(sending(true));
  });
});

describe("dayOf", () => {
  it.each([
    ["the first millisecond of a day", TODAY, TODAY],
    ["the middle of a day", NOW, TODAY],
    ["the last millisecond of a day", TODAY + DAY_MS - 1, TODAY],
    ["the first millisecond of the next day", TODAY + DAY_MS, TODAY + DAY_MS],
    ["a time before 1970", -1, -DAY_MS],
  ])("%s", (_, time, day) => {
    expect(dayOf(time)).toBe(day);
  });
});

describe("kept", () => {
  const HOUR_MS = 60 * 60 * 1000;
  it.each([
    ["pending, after 6 days 23 hours", sending(), 6 * DAY_MS + 23 * HOUR_MS, true],
    ["pending, on the 7th day", sending(), 7 * DAY_MS, false],
    ["failed, on its last millisecond", failed, 7 * DAY_MS - 1, true],
    ["failed, on the 7th day", failed, 7 * DAY_MS, false],
    ["delivered, after 29 days", delivered, 29 * DAY_MS + 23 * HOUR_MS, true],
    ["delivered, on the 30th day", delivered, 30 * DAY_MS, false],
  ])("%s", (_, record, age, stays) => {
    expect(kept(record, EARLIER + age)).toEqual(stays ? record : null);
  });

  it("keeps by the day: written late on a day, it goes as the 7th day after it starts", () => {
    const lateAtNight = { ...sending(), day: dayOf(Date.UTC(2026, 10, 25, 23, 59)) };
    expect(kept(lateAtNight, Date.UTC(2026, 11, 1, 23, 59, 59, 999))).toEqual(lateAtNight);
    expect(kept(lateAtNight, Date.UTC(2026, 11, 2))).toBeNull();
  });

  it.each([
    ["pending", sending()],
    ["delivered", delivered],
  ])("takes a %s record from the clock's future as today's", (_, record) => {
    const future = { ...record, day: EARLIER + 365 * DAY_MS };
    expect(kept(future, NOW)).toEqual({ ...record, day: TODAY });
  });

  it("takes tomorrow's record as today's on today's last millisecond", () => {
    const tomorrow = { ...delivered, day: TODAY + DAY_MS };
    expect(kept(tomorrow, TODAY + DAY_MS - 1)).toEqual({ ...delivered, day: TODAY });
  });

  it("keeps a record written today", () => {
    expect(kept({ ...delivered, day: TODAY }, NOW)).toEqual({ ...delivered, day: TODAY });
  });
});

describe("recordOf", () => {
  it.each([
    ["sending", sending(true, false)],
    ["sending, its retry out", sending(true, true)],
    ["failed", failed],
    ["delivered", delivered],
  ])("reads back a %s record", (_, record) => {
    expect(recordOf(structuredClone(record), isValidEmail)).toEqual(record);
  });

  it("keeps only a record's own fields", () => {
    expect(recordOf({ ...delivered, email: EMAIL, extra: 1 }, isValidEmail)).toEqual(delivered);
    expect(recordOf({ ...failed, inFlight: true, retried: 3 }, isValidEmail)).toEqual(failed);
  });

  it.each<[string, unknown]>([
    ["nothing", undefined],
    ["null", null],
    ["a string", "ada@example.com"],
    ["a number", 42],
    ["no state", { email: EMAIL, day: EARLIER }],
    ["an unknown state", { ...failed, state: "sent" }],
    ["no day", { state: "delivered" }],
    ["a day as text", { ...delivered, day: String(EARLIER) }],
    ["a day not a number", { ...delivered, day: Number.NaN }],
    ["an endless day", { ...failed, day: Number.POSITIVE_INFINITY }],
    ["a pending record with no address", { state: "failed", day: EARLIER }],
    ["an address not text", { ...failed, email: 42 }],
    ["an invalid address", { ...failed, email: "ada@example" }],
    ["an invalid address, sending", { ...sending(), email: "not an address" }],
    ["inFlight as text", { ...sending(), inFlight: "true" }],
    ["no inFlight", { state: "sending", email: EMAIL, day: EARLIER, retried: false }],
    ["retried as a number", { ...sending(), retried: 0 }],
    ["no retried", { state: "sending", email: EMAIL, day: EARLIER, inFlight: true }],
  ])("rejects %s", (_, value) => {
    expect(recordOf(value, isValidEmail)).toBeNull();
  });

  it("asks the given check whether the address is one", () => {
    expect(recordOf(failed, () => false)).toBeNull();
    expect(recordOf({ ...failed, email: "x" }, () => true)).toEqual({ ...failed, email: "x" });
  });
});
