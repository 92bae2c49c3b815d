/**
 * The one loop that delivers a signup (docs/behaviour.md, "The signup's record"): under the
 * address's lock it reads the record, moves it with `next` (signup-record.ts), writes it back
 * before acting, and acts: a request, a wait, or the end. Free of React and of the browser: the
 * records, the lock, the request, the clock and the network are passed in, once, by the page's
 * wiring (src/waitlist/browser/browser-signup.ts).
 */
import type {
  DeliveryDeps,
  DeliveryEvent,
  DeliveryOptions,
  Ending,
  Outcome,
  Start,
  Ticket,
  WaitReason,
} from "./delivery-deps";
import { type Answer, backOnlineWithin, request, untilAborted } from "./request";
import { classifyFailure, classifyUnsent, type Failure, retryDelay } from "./retry-policy";
import { next, type Transition } from "./signup-record";

/** Waiting this long for another tab's send of the same address, the visitor is told why. */
const LOCK_WAIT_NOTICE_MS = 1000;

const noop = () => {};

function reasonToWait(failure: Failure): WaitReason {
  if (failure.offline) return "offline";
  return failure.throttled ? "crowd" : "trouble";
}

/** What a delivery tells: every event, and each reason to wait once. */
type Told = { tell: (event: DeliveryEvent) => void; waiting: (reason: WaitReason) => void };

/** The record of `email` and its one way to change: `next`, written before the step is acted on. */
async function movesOf(deps: DeliveryDeps, email: string) {
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
      const move = await movesOf(deps, email);
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
  const move = await movesOf(deps, email);
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
