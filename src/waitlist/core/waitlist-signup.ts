/**
 * The waitlist's delivery rules, free of React and of the browser: what sends, the memory, the tab
 * lock, the clock, the random source and the network's state are passed in. The rules it applies
 * live in docs/behaviour.md ("No lost signups", "Launch day", "One address, many tabs"); when a
 * failed try is tried again is retry-policy.ts's part.
 */
import type { Clock } from "./clock";
import { classifyFailure, classifyUnsent, type Failure, retryDelay } from "./retry-policy";
import { keyOf, type SignupMemory } from "./signup-memory";
import type { SendingMark, TabLock } from "./tab-lock";

/**
 * "unknown": a page closed while its request was unanswered, so it may or may not have arrived;
 * only the visitor can tell (the confirmation email), so nothing is sent until they choose.
 * "cancelled": nothing left to do here (the visitor cancelled, or another tab ended it).
 */
export type SignupOutcome = "sent" | "already-sent" | "ignored" | "cancelled" | "unknown";

/**
 * Why the visitor waits (docs/behaviour.md, "Launch day"), as far as the site can tell: "crowd",
 * EmailJS turned the request away for the rate (429); "trouble", the service failed (5xx) or gave
 * no answer while the browser is online; "offline", the browser says it is offline; "slow", an
 * answer is overdue or another tab is sending the address, cause unknown.
 */
export type WaitReason = "crowd" | "trouble" | "offline" | "slow";

/** The wait a failed try leads to. */
function reasonToWait(failure: Failure): WaitReason {
  if (failure.offline) return "offline";
  return failure.throttled ? "crowd" : "trouble";
}

export type Network = {
  isOnline(): boolean;
  /** Resolves once the browser is online again; rejects once `signal` aborts. */
  whenOnline(signal: AbortSignal): Promise<void>;
};

export type SignupDeps = {
  /**
   * What each request needs before it goes out, if anything (the bot check's token). Taken before
   * the try starts, outside its time limits and unmarked, as it may wait for the visitor (Google's
   * challenge): `onAsking` says when it does and when it no longer does. Rejects if there is none to
   * have (nothing was sent), and once `signal` aborts.
   */
  ticket?(signal: AbortSignal, onAsking: (asking: boolean) => void): Promise<string>;
  /** One request to the email service, with its ticket: resolves once it accepted the signup. */
  send(email: string, ticket?: string): Promise<void>;
  memory: SignupMemory;
  lock: TabLock;
  /**
   * Shows every tab a delivery is under way, from its submit to its end, so that no page tidies
   * the memory meanwhile (signup-memory.ts, `expire`); none where absent.
   */
  sending?: SendingMark;
  clock: Clock;
  /** A number in [0, 1): the jitter of the waits between tries. */
  random(): number;
  network: Network;
  /** How long a request may go unanswered before the visitor is told it is taking a while. */
  timeoutMs: number;
  /** How long, from its first try, a signup is tried again before the visitor is told it failed. */
  budgetMs: number;
};

/** What the visitor is shown while a delivery runs, and how it is stopped. */
export type DeliveryOptions = {
  /** Called when the visitor will have to wait, once per reason: a refused try, a slow answer, another tab. */
  onWaiting?(reason: WaitReason): void;
  /** Called while a try waits for the visitor before it starts (`ticket`'s challenge), and after. */
  onAsking?(asking: boolean): void;
  /** Called when this tab starts trying (after any wait for another tab's send of the address). */
  onTakeOver?(): void;
  /** Cancels the delivery: nothing more is tried. */
  signal?: AbortSignal;
};

export class SendTimeoutError extends Error {
  constructor(waitedMs: number) {
    super(`EmailJS did not answer within ${waitedMs} ms`);
    this.name = "SendTimeoutError";
  }
}

/** The tab lock of an address is named this, then the address (`keyOf`). */
const SEND_LOCK_PREFIX = "bulwark:waitlist:send:";
/** Waiting this long for another tab's send of the same address, the visitor is told why. */
const LOCK_WAIT_NOTICE_MS = 1000;
/** A request unanswered for this many time limits is given up on (it may still arrive). */
const ANSWER_EXPIRY_FACTOR = 2;

/**
 * A failed request's `since`: when it went out, its in-flight mark's key; none where it never went
 * out (no ticket to be had).
 */
type Answer = { ok: true } | { ok: false; error: unknown; timedOut: boolean; since?: number };

/** Passes each reason on once, however often it is given: the visitor hears each cause once. */
function oncePerReason(
  callback: ((reason: WaitReason) => void) | undefined,
): (reason: WaitReason) => void {
  const told = new Set<WaitReason>();
  return (reason) => {
    if (told.has(reason)) return;
    told.add(reason);
    callback?.(reason);
  };
}

/**
 * How a delivery starts: "submit", the visitor sent the form; "pending", a later page sends the
 * pending signup an earlier one left; "resend", the visitor asked to send again one that may have
 * arrived.
 */
type Start = "submit" | "pending" | "resend";

type Waiting = (reason: WaitReason) => void;

/** When a signup's tries stop: `budgetMs` after the first, moved on by the time spent on tickets. */
type Budget = { endsAt: number };

/** `work`, or a rejection with the signal's reason once it aborts, whichever comes first. */
async function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  let stop = () => {};
  const aborted = new Promise<never>((_, reject) => {
    stop = () => reject(signal.reason);
    signal.addEventListener("abort", stop, { once: true });
  });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener("abort", stop);
  }
}

/** What a try needs: the ticket and the request, the memory that marks it, the clock that times it. */
type TryDeps = Pick<SignupDeps, "ticket" | "send" | "memory" | "clock" | "timeoutMs">;

/**
 * One try: its ticket first, if the request needs one, then the request, marked in flight: its
 * answer, or a timeout once it has gone unanswered too long; a late success still counts.
 */
async function attempt(
  { ticket, send, memory, clock, timeoutMs }: TryDeps,
  email: string,
  {
    waiting,
    onAsking,
    budget,
  }: { waiting: Waiting; onAsking: (asking: boolean) => void; budget: Budget },
  signal: AbortSignal,
): Promise<Answer> {
  let pass: string | undefined;
  if (ticket) {
    const asked = clock.now();
    try {
      pass = await untilAborted(ticket(signal, onAsking), signal);
    } catch (error) {
      signal.throwIfAborted();
      return { ok: false, error, timedOut: false };
    } finally {
      // The time the visitor spent on the check is theirs, not the retries'.
      budget.endsAt += clock.now() - asked;
    }
  }
  const since = clock.now();
  memory.markInFlight(email, since);
  const answer = send(email, pass).then(
    async (): Promise<Answer> => {
      await memory.rememberSent(email);
      return { ok: true };
    },
    (error: unknown): Answer => ({ ok: false, error, timedOut: false, since }),
  );
  const timers = new AbortController();
  clock.sleep(timeoutMs, timers.signal).then(
    () => waiting("slow"),
    () => {},
  );
  const expiryMs = timeoutMs * ANSWER_EXPIRY_FACTOR;
  const expired = clock
    .sleep(expiryMs, timers.signal)
    .then(
      (): Answer => ({ ok: false, error: new SendTimeoutError(expiryMs), timedOut: true, since }),
    );
  expired.catch(() => {});
  try {
    return await untilAborted(Promise.race([answer, expired]), signal);
  } finally {
    timers.abort();
  }
}

/** Whether the browser is back online within `ms`; the wait it loses is called off. */
async function backOnlineWithin(
  { network, clock }: Pick<SignupDeps, "network" | "clock">,
  ms: number,
  signal: AbortSignal,
): Promise<boolean> {
  const settled = new AbortController();
  const both = AbortSignal.any([signal, settled.signal]);
  const online = network.whenOnline(both).then(() => true);
  const outOfTime = clock.sleep(Math.max(0, ms), both).then(() => false);
  for (const wait of [online, outOfTime]) wait.catch(() => {});
  try {
    return await Promise.race([online, outOfTime]);
  } finally {
    settled.abort();
  }
}

/** What the visitor is told while a delivery runs. */
type Told = { waiting: Waiting; onAsking: (asking: boolean) => void; onTakeOver?: () => void };

/**
 * Where a delivery of `email` that holds its lock starts: an outcome, where nothing is to be tried;
 * otherwise whether the one retry of a send that may have arrived is used already. A request still
 * marked in flight was left by a page that is gone: whether it arrived is unknown, and only the
 * visitor's resend sends it again (this send is then its one retry), never a submit of the address.
 */
async function takeOver(
  memory: SignupMemory,
  email: string,
  start: Start,
): Promise<SignupOutcome | { retried: boolean }> {
  if (await memory.wasSent(email)) return "already-sent";
  const entry = memory.entry(email);
  if (!entry) return "cancelled";
  // Another tab finished with it meanwhile (and told its visitor if it failed).
  if (start === "pending" && entry.state !== "sending") return "cancelled";
  if (start !== "resend" && entry.inFlightSince !== undefined) return "unknown";
  const retried = entry.retried === true || entry.inFlightSince !== undefined;
  if (entry.inFlightSince !== undefined) {
    memory.markAnswered(email, entry.inFlightSince);
    memory.markRetried(email);
  }
  return { retried };
}

/** Tries until delivered, refused or out of budget, while holding the address's lock. */
async function tryUntilDone(
  deps: TryDeps & Pick<SignupDeps, "network" | "random" | "budgetMs">,
  email: string,
  { waiting, onAsking, onTakeOver }: Told,
  signal: AbortSignal,
  start: Start,
): Promise<SignupOutcome> {
  const { memory, clock, network } = deps;
  const taken = await takeOver(memory, email, start);
  if (typeof taken === "string") return taken;
  let { retried } = taken;
  onTakeOver?.();
  const budget: Budget = { endsAt: clock.now() + deps.budgetMs };
  const remaining = () => budget.endsAt - clock.now();
  for (let retry = 0; ; retry++) {
    const answer = await attempt(deps, email, { waiting, onAsking, budget }, signal);
    if (answer.ok) return "sent";
    const failure =
      answer.since === undefined
        ? classifyUnsent({ online: network.isOnline() })
        : classifyFailure(answer.error, {
            online: network.isOnline(),
            timedOut: answer.timedOut,
          });
    const giveUp = (): never => {
      memory.markFailed(email);
      throw answer.error;
    };
    // A request that may have arrived stays marked in flight until the next try replaces it: a
    // page left meanwhile (browsers cut its requests off as they go) leaves its fate unknown.
    if (failure.kind !== "maybe-delivered" && answer.since !== undefined) {
      memory.markAnswered(email, answer.since);
    }
    if (failure.kind === "refused") giveUp();
    if (failure.kind === "maybe-delivered") {
      if (retried) giveUp();
      retried = true;
      memory.markRetried(email);
    }
    waiting(reasonToWait(failure));
    if (failure.offline && !(await backOnlineWithin(deps, remaining(), signal))) giveUp();
    const delay = retryDelay(retry, failure, deps.random);
    if (delay > remaining()) giveUp();
    await clock.sleep(delay, signal);
    // An earlier try's late answer, or a cancel from another tab.
    if (await memory.wasSent(email)) return "sent";
    if (!memory.entry(email)) return "cancelled";
  }
}

/**
 * How many deliveries of each address (by key) a page runs now: an address among them is the
 * page's own, never one an earlier page left (`pending`).
 */
type Delivering = Map<string, number>;

/** One delivery, counted in `delivering` while it runs and shown to every tab (`sending`). */
async function deliver(
  deps: SignupDeps,
  delivering: Delivering,
  email: string,
  options: DeliveryOptions,
  start: Start,
): Promise<SignupOutcome> {
  const { memory } = deps;
  const sending = deps.sending ?? ((task) => task());
  const key = keyOf(email);
  delivering.set(key, (delivering.get(key) ?? 0) + 1);
  try {
    return await sending(async () => {
      if (start === "submit") {
        if (await memory.wasSent(email)) return "already-sent";
        memory.keepSending(email);
      }
      return deliverOnce(deps, email, options, start);
    });
  } finally {
    const left = (delivering.get(key) ?? 1) - 1;
    if (left > 0) delivering.set(key, left);
    else delivering.delete(key);
  }
}

/** A delivery once its address's lock is held; the visitor told why, should the lock keep them waiting. */
async function deliverOnce(
  deps: SignupDeps,
  email: string,
  options: DeliveryOptions,
  start: Start,
): Promise<SignupOutcome> {
  const signal = options.signal ?? new AbortController().signal;
  const waiting = oncePerReason(options.onWaiting);
  const notice = new AbortController();
  deps.clock.sleep(LOCK_WAIT_NOTICE_MS, notice.signal).then(
    () => waiting("slow"),
    () => {},
  );
  try {
    return await deps.lock(SEND_LOCK_PREFIX + keyOf(email), signal, () => {
      notice.abort();
      const onAsking = options.onAsking ?? (() => {});
      return tryUntilDone(
        deps,
        email,
        { waiting, onAsking, onTakeOver: options.onTakeOver },
        signal,
        start,
      );
    });
  } catch (error) {
    if (signal.aborted) return "cancelled";
    throw error;
  } finally {
    notice.abort();
  }
}

/**
 * The pending signups an earlier page left being sent, by address (not a failed one: it waits in
 * the field for the visitor's retry; not one this page is sending itself).
 */
function leftPending(memory: SignupMemory, delivering: Delivering): string[] {
  return memory
    .pending()
    .filter((entry) => entry.state === "sending" && !delivering.has(keyOf(entry.email)))
    .map((entry) => entry.email);
}

/** The delivery rules for one page: its deliveries, through the steps above, over `deps`. */
export function createWaitlistSignup(deps: SignupDeps) {
  const { memory } = deps;
  const delivering: Delivering = new Map();
  return {
    /**
     * Signs `email` up (already validated). A filled honeypot is a bot: it is told all went well and
     * nothing is sent. Throws once the signup has failed for good; the address stays kept for a retry.
     * "unknown" where the address's last request was left unanswered by a page now gone: it may have
     * arrived, so the visitor is asked first (resend), as the note that finishes signups asks.
     */
    async submit(
      email: string,
      { honeypot = "", ...options }: DeliveryOptions & { honeypot?: string } = {},
    ): Promise<SignupOutcome> {
      if (honeypot !== "") return "ignored";
      return deliver(deps, delivering, email, options, "submit");
    },
    /**
     * Carries on with a signup an earlier page left being sent (docs/behaviour.md, "Launch day");
     * "unknown" where that page closed with its request unanswered.
     */
    sendPending: (email: string, options: DeliveryOptions = {}): Promise<SignupOutcome> =>
      deliver(deps, delivering, email, options, "pending"),
    /** Sends again a signup whose earlier request may have arrived: the visitor asked for it. */
    resend: (email: string, options: DeliveryOptions = {}): Promise<SignupOutcome> =>
      deliver(deps, delivering, email, options, "resend"),
    /** The pending signups an earlier page left being sent (`leftPending`). */
    pending: (): string[] => leftPending(memory, delivering),
    /** Stops trying `email` for good (the visitor cancelled). */
    cancel: (email: string): void => memory.forget(email),
    failedEmail: memory.failedEmail,
  };
}

export type WaitlistSignup = ReturnType<typeof createWaitlistSignup>;
