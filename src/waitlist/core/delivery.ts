/**
 * The one loop that delivers a signup (docs/behaviour.md, "The signup's record"): under the
 * address's lock it reads the record, moves it with `next` (signup-record.ts), writes it back
 * before acting, and acts: a request, a wait, or the end. Free of React and of the browser: the
 * records, the lock, the request, the clock and the network are passed in, once, by the page's
 * wiring (src/waitlist/browser/browser-signup.ts).
 */
import type { Clock } from "./clock";
import { classifyFailure, classifyUnsent, type Failure, retryDelay } from "./retry-policy";
import { next, type SignupRecord, type Transition } from "./signup-record";

/**
 * Why the visitor waits, as far as the site can tell: "crowd", a 429; "trouble", the service failed
 * or gave no answer while online; "offline", the browser says so; "slow", an answer is overdue or
 * another tab is sending the address.
 */
export type WaitReason = "crowd" | "trouble" | "offline" | "slow";

/** How a delivery started: the form, a submit the loader kept before the app ran, or a later page. */
export type Start = "form" | "before-app" | "resumed";

export type Outcome = "sent" | "already-sent" | "cancelled" | "failed";

/** How a delivery ended; `error`, what a failed one ended with. */
export type Ending = { outcome: Outcome; error?: unknown };

/**
 * What a delivery tells as it runs: a wait (once per reason), the bot check asking the visitor,
 * this tab taking the address over (after any wait for another tab), and its end; `retried`, a
 * wait led to another try.
 */
export type DeliveryEvent =
  | { type: "waiting"; reason: WaitReason }
  | { type: "asking"; asking: boolean }
  | { type: "taken-over" }
  | ({ type: "ended"; start: Start; retried: boolean } & Ending);

/** Template parameters a request carries besides the address's. */
export type Ticket = Record<string, string>;

export type Network = {
  isOnline(): boolean;
  /** Resolves once the browser is online again; rejects once `signal` aborts. */
  whenOnline(signal: AbortSignal): Promise<void>;
};

/** The records of signups, by address; read and written only under the address's lock. */
export type Records = {
  read(email: string): Promise<SignupRecord | null>;
  write(email: string, record: SignupRecord | null): Promise<void>;
};

export type DeliveryDeps = {
  records: Records;
  /** Runs `task` holding the address's lock across the browser's tabs; stops waiting on abort. */
  lock<T>(email: string, signal: AbortSignal, task: () => Promise<T>): Promise<T>;
  /**
   * What each request carries besides the address, taken first (the bot check's fresh token),
   * outside the request's time limits as it may wait for the visitor; rejects if there is none.
   */
  ticket?(signal: AbortSignal, onAsking: (asking: boolean) => void): Promise<Ticket>;
  /** One request to the email service: resolves once it accepted the signup. */
  send(email: string, ticket?: Ticket): Promise<void>;
  clock: Clock;
  /** A number in [0, 1): the jitter of the waits between tries. */
  random(): number;
  network: Network;
  /** How long a request may go unanswered before the visitor is told it is taking a while. */
  timeoutMs: number;
  /** How long, from its first try, a signup is tried again before the visitor is told it failed. */
  budgetMs: number;
  /** The page being left: every delivery stops there, its record kept for the next page. */
  leaving(): AbortSignal;
  /** Hears each delivery's events, from its start (the field signals). */
  observe?(start: Start): (event: DeliveryEvent) => void;
};

export type DeliveryOptions = {
  /** Hears this delivery's events. */
  onEvent?(event: DeliveryEvent): void;
  /** Stops the delivery: nothing more is tried. */
  signal?: AbortSignal;
};

export class SendTimeoutError extends Error {
  constructor(waitedMs: number) {
    super(`EmailJS did not answer within ${waitedMs} ms`);
    this.name = "SendTimeoutError";
  }
}

/** Waiting this long for another tab's send of the same address, the visitor is told why. */
const LOCK_WAIT_NOTICE_MS = 1000;
/** A request unanswered for this many time limits is given up on (it may still arrive). */
const ANSWER_EXPIRY_FACTOR = 2;

const noop = () => {};

/** `work`, or a rejection with the signal's reason once it aborts, whichever comes first. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      signal.throwIfAborted();
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    }),
  ]);
}

function reasonToWait(failure: Failure): WaitReason {
  if (failure.offline) return "offline";
  return failure.throttled ? "crowd" : "trouble";
}

/** What one try came to: delivered, or the error it failed with. */
type Answer = { ok: true } | { ok: false; error: unknown; timedOut?: boolean };

/** What a delivery tells: every event, and each reason to wait once. */
type Told = { tell: (event: DeliveryEvent) => void; waiting: (reason: WaitReason) => void };

/** The record of `email` and its one way to change: `next`, written before the step is acted on. */
async function recordOf(deps: DeliveryDeps, email: string) {
  let record = await deps.records.read(email);
  return async (event: Parameters<typeof next>[1]): Promise<Transition> => {
    const moved = next(record, event);
    if (moved.record !== record) await deps.records.write(email, moved.record);
    record = moved.record;
    return moved;
  };
}

/**
 * A success that comes after its delivery ended as failed (each request given up on, yet one
 * arrived): recorded under the lock as delivered, so the address is never sent again.
 */
function recordLateSuccess(deps: DeliveryDeps, email: string): void {
  void deps
    .lock(email, new AbortController().signal, async () => {
      const move = await recordOf(deps, email);
      await move({ type: "answer", wentOut: true, canWait: true, now: deps.clock.now() });
    })
    .catch(noop);
}

/** The delivery of `email` while holding its lock: every step through `next`. */
async function run(
  deps: DeliveryDeps,
  email: string,
  start: Start,
  { tell, waiting }: Told,
  signal: AbortSignal,
): Promise<Ending & { retried: boolean }> {
  const move = await recordOf(deps, email);
  const first =
    start === "resumed"
      ? { type: "resume" as const, now: deps.clock.now() }
      : { type: "submit" as const, email, now: deps.clock.now() };
  const { step } = await move(first);
  if (step !== "send") return { outcome: step as Outcome, retried: false };
  tell({ type: "taken-over" });
  let endsAt = deps.clock.now() + deps.budgetMs;
  // Any request's success, however late: the signup is delivered.
  let ended = false;
  let delivered = noop;
  const late = new Promise<"late">((resolve) => {
    delivered = () => (ended ? recordLateSuccess(deps, email) : resolve("late"));
  });
  const sent = () => move({ type: "answer", wentOut: true, canWait: true, now: deps.clock.now() });
  for (let retry = 0; ; retry++) {
    const asked = deps.clock.now();
    const ticket = await ticketFor(deps, tell, signal);
    // The time the visitor spent on the check is theirs, not the retries'.
    endsAt += deps.clock.now() - asked;
    const wentOut = !("error" in ticket);
    if (wentOut) await move({ type: "request" });
    const answer = wentOut
      ? await request(deps, email, ticket.ticket, late, delivered, () => waiting("slow"), signal)
      : { ok: false as const, error: ticket.error };
    if (answer === "late") return { outcome: (await sent()).step as Outcome, retried: retry > 0 };
    const failure = failureOf(deps, answer, wentOut);
    const delay = failure ? retryDelay(retry, failure, deps.random) : 0;
    const canWait = delay <= endsAt - deps.clock.now();
    const { kind } = failure ?? {};
    const moved = await move({ type: "answer", kind, wentOut, canWait, now: deps.clock.now() });
    const error = answer.ok ? undefined : answer.error;
    if (moved.step !== "wait" || !failure) {
      ended = moved.step === "failed";
      return { outcome: moved.step as Outcome, error, retried: retry > 0 };
    }
    waiting(reasonToWait(failure));
    const waited = await Promise.race([
      late,
      waitBeforeRetry(deps, failure, delay, endsAt, signal),
    ]);
    if (waited === "late") return { outcome: (await sent()).step as Outcome, retried: true };
    if (!waited) {
      const now = deps.clock.now();
      await move({ type: "answer", kind: "try-again", wentOut: false, canWait: false, now });
      ended = true;
      return { outcome: "failed", error, retried: true };
    }
  }
}

/** The ticket for the next request, or the error that left none (nothing goes out then). */
async function ticketFor(
  deps: DeliveryDeps,
  tell: Told["tell"],
  signal: AbortSignal,
): Promise<{ ticket?: Ticket } | { error: unknown }> {
  if (!deps.ticket) return {};
  try {
    const onAsking = (asking: boolean) => tell({ type: "asking", asking });
    return { ticket: await untilAborted(deps.ticket(signal, onAsking), signal) };
  } catch (error) {
    signal.throwIfAborted();
    return { error };
  }
}

/** The wait before the next try: back online first (within the budget), then `delay`. */
async function waitBeforeRetry(
  deps: DeliveryDeps,
  failure: Failure,
  delay: number,
  endsAt: number,
  signal: AbortSignal,
): Promise<boolean> {
  if (failure.offline && !(await backOnlineWithin(deps, endsAt - deps.clock.now(), signal)))
    return false;
  await deps.clock.sleep(delay, signal);
  return true;
}

function failureOf(deps: DeliveryDeps, answer: Answer, wentOut: boolean): Failure | undefined {
  if (answer.ok) return undefined;
  const online = deps.network.isOnline();
  if (!wentOut) return classifyUnsent({ online });
  return classifyFailure(answer.error, { online, timedOut: answer.timedOut });
}

/**
 * One request: its answer, a late success of an earlier one, or a timeout once it has gone
 * unanswered for twice the time limit (`slow` said at the limit); a success after that still
 * counts (`delivered`).
 */
async function request(
  deps: DeliveryDeps,
  email: string,
  ticket: Ticket | undefined,
  late: Promise<"late">,
  delivered: () => void,
  slow: () => void,
  signal: AbortSignal,
): Promise<Answer | "late"> {
  const answer = deps.send(email, ticket).then(
    (): Answer => {
      delivered();
      return { ok: true };
    },
    (error: unknown): Answer => ({ ok: false, error }),
  );
  const timers = new AbortController();
  deps.clock.sleep(deps.timeoutMs, timers.signal).then(slow, noop);
  const expiryMs = deps.timeoutMs * ANSWER_EXPIRY_FACTOR;
  const expired = deps.clock.sleep(expiryMs, timers.signal).then(
    (): Answer => ({ ok: false, error: new SendTimeoutError(expiryMs), timedOut: true }),
    () => new Promise<never>(noop),
  );
  try {
    return await untilAborted(Promise.race([answer, late, expired]), signal);
  } finally {
    timers.abort();
  }
}

/** Whether the browser is back online within `ms`; the wait it loses is called off. */
async function backOnlineWithin(
  deps: DeliveryDeps,
  ms: number,
  signal: AbortSignal,
): Promise<boolean> {
  const settled = new AbortController();
  const both = AbortSignal.any([signal, settled.signal]);
  const online = deps.network.whenOnline(both).then(() => true);
  const outOfTime = deps.clock.sleep(Math.max(0, ms), both).then(() => false);
  for (const wait of [online, outOfTime]) wait.catch(noop);
  try {
    return await Promise.race([online, outOfTime]);
  } finally {
    settled.abort();
  }
}

/**
 * Delivers `email` (already valid): waits for its lock (telling the visitor why after a second),
 * then runs it. Resolves with how it ended, never rejects; a page being left, or
 * `options.signal`, ends it "cancelled", its record kept as it was for the next page.
 */
async function deliver(
  deps: DeliveryDeps,
  email: string,
  start: Start,
  options: DeliveryOptions = {},
): Promise<Ending> {
  const signal = AbortSignal.any(
    options.signal ? [options.signal, deps.leaving()] : [deps.leaving()],
  );
  const heard = deps.observe?.(start);
  const tell = (event: DeliveryEvent) => {
    options.onEvent?.(event);
    heard?.(event);
  };
  const waiting = oncePerReason((reason) => tell({ type: "waiting", reason }));
  const notice = new AbortController();
  deps.clock.sleep(LOCK_WAIT_NOTICE_MS, notice.signal).then(() => waiting("slow"), noop);
  let ending: Ending & { retried: boolean };
  try {
    ending = await deps.lock(email, signal, () => {
      notice.abort();
      return run(deps, email, start, { tell, waiting }, signal);
    });
  } catch (error) {
    // Left, or stopped: the record stays as it was. Anything else (the records or the lock
    // refused) is a failure the visitor is told of, the address kept in the field.
    ending = signal.aborted
      ? { outcome: "cancelled", retried: false }
      : { outcome: "failed", error, retried: false };
  } finally {
    notice.abort();
  }
  tell({ type: "ended", start, ...ending });
  const { retried: _, ...told } = ending;
  return told;
}

/** The delivery over `deps`, given once: `deliver(email, start, options)`. */
export function createDelivery(deps: DeliveryDeps) {
  return deliver.bind(null, deps);
}

/** Passes each reason on once, however often it is given: the visitor hears each cause once. */
function oncePerReason(callback: (reason: WaitReason) => void): (reason: WaitReason) => void {
  const told = new Set<WaitReason>();
  return (reason) => {
    if (told.has(reason)) return;
    told.add(reason);
    callback(reason);
  };
}
