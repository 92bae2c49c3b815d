/**
 * EmailJS's account limits as the emulator plays them, all off unless asked for: a send rate
 * (EmailJS documents 1 request a second), a quota of accepted emails (its free plan's 200 a month)
 * and an outage (every send answered 503 for a while). Account-wide: every send counts.
 */
import { HttpError, isPlainObject, kindOf } from "./protocol";

export type Limits = {
  /** Sends let through in any one second; more are answered 429. */
  ratePerSecond?: number;
  /** Emails accepted from the moment the quota is set; more are answered QUOTA_STATUS. */
  quota?: number;
};

/** What the switch holds now, as its control endpoints answer it. */
export type LimitsState = {
  ratePerSecond: number | null;
  quota: number | null;
  /** Emails accepted since the quota was set. */
  quotaUsed: number;
  /** How much longer the outage lasts, 0 when there is none. */
  outageRemainingMs: number;
};

/** A send the limits refuse, with the answer it gets. */
type Refusal = { status: number; body: string };

const RATE_WINDOW_MS = 1000;
/** EmailJS's own status and text for too many requests (its SDK's limitRate error says the same). */
const RATE_LIMITED: Refusal = { status: 429, body: "Too Many Requests" };
const OUTAGE: Refusal = { status: 503, body: "Service Unavailable" };
/**
 * EmailJS does not document how it answers once the plan's quota is spent; the emulator picks 402
 * Payment Required, a 4xx no other refusal uses, so a client can tell it from a rate limit.
 */
const QUOTA_STATUS = 402;

function quotaSpent(quota: number): Refusal {
  return {
    status: QUOTA_STATUS,
    body: `The email quota of this account is used up (${quota} sent). Upgrade the plan or wait for the next period.`,
  };
}

const LIMIT_FIELDS = ["ratePerSecond", "quota"];

function isCount(value: unknown, min: number): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= min;
}

/** Checks limits posted to the switch; anything off is a 400 that says what to send instead. */
export function parseLimits(value: unknown): Limits {
  const fail = (message: string): never => {
    throw new HttpError(400, `Invalid limits: ${message}`);
  };
  if (!isPlainObject(value)) return fail(`expected a JSON object, got ${kindOf(value)}.`);
  const unknown = Object.keys(value).filter((key) => !LIMIT_FIELDS.includes(key));
  if (unknown.length > 0) {
    fail(`unknown field ${unknown.join(", ")}; use ${LIMIT_FIELDS.join(", ")}.`);
  }
  const { ratePerSecond, quota } = value;
  if (ratePerSecond !== undefined && !isCount(ratePerSecond, 1)) {
    fail("ratePerSecond must be a whole number of sends, 1 or more.");
  }
  if (quota !== undefined && !isCount(quota, 0)) {
    fail("quota must be a whole number of emails, 0 or more.");
  }
  if (ratePerSecond === undefined && quota === undefined)
    fail("give ratePerSecond, quota or both.");
  return value as Limits;
}

/** Checks an outage posted to the switch: `{"ms": 30000}`. */
export function parseOutage(value: unknown): number {
  if (!isPlainObject(value) || Object.keys(value).some((key) => key !== "ms")) {
    throw new HttpError(
      400,
      'Invalid outage: send {"ms": <milliseconds>}, for example {"ms": 30000}.',
    );
  }
  const { ms } = value;
  if (!isCount(ms, 0)) {
    throw new HttpError(
      400,
      "Invalid outage: ms must be a whole number of milliseconds, 0 or more.",
    );
  }
  return ms;
}

/** `EMULATOR_RATE_LIMIT`: "1/s" is one send a second. */
export function parseRateSetting(text: string, setting: string): number {
  const match = /^\s*(\d+)\s*\/\s*s\s*$/.exec(text);
  const rate = Number(match?.[1]);
  if (!match || rate < 1) {
    throw new Error(`${setting} must look like 1/s (sends a second, 1 or more); got '${text}'.`);
  }
  return rate;
}

/** `EMULATOR_QUOTA` and `EMULATOR_OUTAGE_MS`: a whole number, 0 or more. */
export function parseCountSetting(text: string, setting: string): number {
  const value = Number(text);
  if (text.trim() === "" || !isCount(value, 0)) {
    throw new Error(`${setting} must be a whole number, 0 or more; got '${text}'.`);
  }
  return value;
}

type LimitSwitch = {
  /** Replaces the limits; a quota counts from now. */
  set(limits: Limits): void;
  clear(): void;
  /** Every send answers 503 for `ms` from now; 0 ends an outage. */
  startOutage(ms: number): void;
  /** The outage alone: a service that is down answers before it checks anything. */
  outage(): Refusal | undefined;
  /** Before a send is checked: the outage, then the rate. A send let through uses a rate slot. */
  admit(): Refusal | undefined;
  /** Once a send is valid, before it is written: the quota. An email let through uses it. */
  takeQuota(): Refusal | undefined;
  state(): LimitsState;
};

export function createLimitSwitch(now: () => number): LimitSwitch {
  let limits: Limits = {};
  let quotaUsed = 0;
  let outageEndsAt = 0;
  /** When each send let through in the last second arrived, oldest first. */
  const recent: number[] = [];

  return {
    set(next) {
      limits = { ...next };
      quotaUsed = 0;
      recent.length = 0;
    },
    clear() {
      limits = {};
      quotaUsed = 0;
      recent.length = 0;
    },
    startOutage(ms) {
      outageEndsAt = now() + ms;
    },
    outage: () => (now() < outageEndsAt ? OUTAGE : undefined),
    admit() {
      const at = now();
      if (at < outageEndsAt) return OUTAGE;
      if (limits.ratePerSecond === undefined) return undefined;
      while (recent.length > 0 && at - (recent[0] ?? 0) >= RATE_WINDOW_MS) recent.shift();
      if (recent.length >= limits.ratePerSecond) return RATE_LIMITED;
      recent.push(at);
      return undefined;
    },
    takeQuota() {
      if (limits.quota === undefined) return undefined;
      if (quotaUsed >= limits.quota) return quotaSpent(limits.quota);
      quotaUsed += 1;
      return undefined;
    },
    state: () => ({
      ratePerSecond: limits.ratePerSecond ?? null,
      quota: limits.quota ?? null,
      quotaUsed,
      outageRemainingMs: Math.max(0, outageEndsAt - now()),
    }),
  };
}
