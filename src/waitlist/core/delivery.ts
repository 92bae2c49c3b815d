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

export function createDelivery(deps: DeliveryDeps) {
  const { records, clock } = deps;

  /** The delivery of `email` while holding its lock: every step through `next`. */
  async function run(
    email: string,
    start: Start,
    tell: (event: DeliveryEvent) => void,
    signal: AbortSignal,
  ): Promise<Ending & { retried: boolean }> {
    let record = await records.read(email);
    let retried = false;
    const move = async (event: Parameters<typeof next>[1]): Promise<Transition> => {
      const moved = next(record, event);
      if (moved.record !== record) await records.write(email, moved.record);
      record = moved.record;
      return moved;
    };
    const first =
      start === "resumed"
        ? { type: "resume" as const, now: clock.now() }
        : { type: "submit" as const, email, now: clock.now() };
    const { step } = await move(first);
    if (step !== "send") return { outcome: step as Outcome, retried };
    tell({ type: "taken-over" });
    const waiting = oncePerReason((reason) => tell({ type: "waiting", reason }));
    let endsAt = clock.now() + deps.budgetMs;
    // Any request's success, however late: the signup is delivered.
    let delivered = noop;
    const late = new Promise<Answer>((resolve) => {
      delivered = () => resolve({ ok: true });
    });
    for (let retry = 0; ; retry++) {
      let ticket: Ticket | undefined;
      let answer: Answer | undefined;
      if (deps.ticket) {
        const asked = clock.now();
        try {
          ticket = await untilAborted(
            deps.ticket(signal, (asking) => tell({ type: "asking", asking })),
            signal,
          );
        } catch (error) {
          signal.throwIfAborted();
          answer = { ok: false, error };
        }
        // The time the visitor spent on the check is theirs, not the retries'.
        endsAt += clock.now() - asked;
      }
      const wentOut = answer === undefined;
      if (wentOut) {
        await move({ type: "request" });
        answer = await request(email, ticket, late, delivered, () => waiting("slow"), signal);
      }
      const failure = failureOf(answer as Answer, wentOut);
      const delay = failure ? retryDelay(retry, failure, deps.random) : 0;
      const canWait = delay <= endsAt - clock.now();
      const moved = await move({
        type: "answer",
        kind: failure?.kind,
        wentOut,
        canWait,
        now: clock.now(),
      });
      const error = answer && !answer.ok ? answer.error : undefined;
      if (moved.step !== "wait" || !failure)
        return { outcome: moved.step as Outcome, error, retried };
      retried = true;
      waiting(reasonToWait(failure));
      const backOnline = !failure.offline || (await backOnlineWithin(endsAt - clock.now(), signal));
      const after = backOnline && (await untilLate(clock.sleep(delay, signal), late));
      if (after === "late") {
        await move({ type: "answer", wentOut: true, canWait: true, now: clock.now() });
        return { outcome: "sent", retried };
      }
      if (!backOnline) {
        const now = clock.now();
        await move({ type: "answer", kind: "try-again", wentOut: false, canWait: false, now });
        return { outcome: "failed", error, retried };
      }
    }
  }

  function failureOf(answer: Answer, wentOut: boolean): Failure | undefined {
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
    email: string,
    ticket: Ticket | undefined,
    late: Promise<Answer>,
    delivered: () => void,
    slow: () => void,
    signal: AbortSignal,
  ): Promise<Answer> {
    const answer = deps.send(email, ticket).then(
      (): Answer => {
        delivered();
        return { ok: true };
      },
      (error: unknown): Answer => ({ ok: false, error }),
    );
    const timers = new AbortController();
    clock.sleep(deps.timeoutMs, timers.signal).then(slow, noop);
    const expiryMs = deps.timeoutMs * ANSWER_EXPIRY_FACTOR;
    const expired = clock.sleep(expiryMs, timers.signal).then(
      (): Answer => ({ ok: false, error: new SendTimeoutError(expiryMs), timedOut: true }),
      () => new Promise<never>(noop),
    );
    try {
      return await untilAborted(Promise.race([answer, late, expired]), signal);
    } finally {
      timers.abort();
    }
  }

  /** `wait`'s end, or "late" should an earlier request succeed first. */
  async function untilLate(wait: Promise<void>, late: Promise<Answer>): Promise<"waited" | "late"> {
    return Promise.race([wait.then(() => "waited" as const), late.then(() => "late" as const)]);
  }

  /** Whether the browser is back online within `ms`; the wait it loses is called off. */
  async function backOnlineWithin(ms: number, signal: AbortSignal): Promise<boolean> {
    const settled = new AbortController();
    const both = AbortSignal.any([signal, settled.signal]);
    const online = deps.network.whenOnline(both).then(() => true);
    const outOfTime = clock.sleep(Math.max(0, ms), both).then(() => false);
    for (const wait of [online, outOfTime]) wait.catch(noop);
    try {
      return await Promise.race([online, outOfTime]);
    } finally {
      settled.abort();
    }
  }

  /**
   * Delivers `email` (already valid): waits for its lock (telling the visitor why after a second),
   * then runs it. Resolves with how it ended; a page being left, or `options.signal`, ends it
   * "cancelled", its record kept as it was for the next page.
   */
  return async function deliver(
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
    const notice = new AbortController();
    clock
      .sleep(LOCK_WAIT_NOTICE_MS, notice.signal)
      .then(() => tell({ type: "waiting", reason: "slow" }), noop);
    let ending: Ending & { retried: boolean };
    try {
      ending = await deps.lock(email, signal, () => {
        notice.abort();
        return run(email, start, tell, signal);
      });
    } catch (error) {
      if (!signal.aborted) throw error;
      ending = { outcome: "cancelled", retried: false };
    } finally {
      notice.abort();
    }
    tell({ type: "ended", start, ...ending });
    const { retried: _, ...told } = ending;
    return told;
  };
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

export type Deliver = ReturnType<typeof createDelivery>;
