/** The loop that runs `next` (docs/behaviour.md, "The signup's record"), over deps handed in. */
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

/** Moves the record of `email` with `next`, writing it before the step is acted on. */
async function movesOf(deps: DeliveryDeps, email: string) {
  let record = await deps.records.read(email);
  return async (event: Parameters<typeof next>[1]): Promise<Transition> => {
    const moved = next(record, event);
    if (moved.record !== record) await deps.records.write(email, moved.record);
    record = moved.record;
    return moved;
  };
}

/** A success after its delivery ended as failed: recorded as delivered, so it is never resent. */
function recordLateSuccess(deps: DeliveryDeps, email: string): void {
  void deps
    .lock(email, new AbortController().signal, async () => {
      const move = await movesOf(deps, email);
      await move({ type: "answer", wentOut: true, canWait: true, now: deps.clock.now() });
    })
    .catch(noop);
}

async function run(
  deps: DeliveryDeps,
  email: string,
  start: Start,
  tell: (event: DeliveryEvent) => void,
  waiting: (reason: WaitReason) => void,
  signal: AbortSignal,
): Promise<Ending & { retried: boolean }> {
  const move = await movesOf(deps, email);
  const at = deps.clock.now();
  const { step } = await move(
    start === "resumed" ? { type: "resume", now: at } : { type: "submit", email, now: at },
  );
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
    const kind = failure?.kind;
    const moved = await move({ type: "answer", kind, wentOut, canWait, now: deps.clock.now() });
    const error = answer.ok ? undefined : answer.error;
    if (moved.step !== "wait" || !failure) {
      ended = moved.step === "failed";
      return { outcome: moved.step as Outcome, error, retried: retry > 0 };
    }
    waiting(failure.offline ? "offline" : failure.throttled ? "crowd" : "trouble");
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
  tell: (event: DeliveryEvent) => void,
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

/** Back online first (within the budget), then `delay`; false when out of time. */
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

/** `deliver(email, start, options)`, `email` valid: never rejects; left or stopped, "cancelled". */
export function createDelivery(deps: DeliveryDeps) {
  return async (email: string, start: Start, options: DeliveryOptions = {}): Promise<Ending> => {
    const signal = AbortSignal.any([options.signal, deps.leaving()].filter((s) => s !== undefined));
    const heard = deps.observe?.(start);
    const tell = (event: DeliveryEvent) => {
      options.onEvent?.(event);
      heard?.(event);
    };
    const told = new Set<WaitReason>();
    const waiting = (reason: WaitReason) => {
      if (told.has(reason)) return;
      told.add(reason);
      tell({ type: "waiting", reason });
    };
    const notice = new AbortController();
    deps.clock.sleep(LOCK_WAIT_NOTICE_MS, notice.signal).then(() => waiting("slow"), noop);
    let ending: Ending & { retried: boolean };
    try {
      ending = await deps.lock(email, signal, () => {
        notice.abort();
        return run(deps, email, start, tell, waiting, signal);
      });
    } catch (error) {
      // Left or stopped: the record stays. Else the records or the lock refused: a failure.
      ending = signal.aborted
        ? { outcome: "cancelled", retried: false }
        : { outcome: "failed", error, retried: false };
    } finally {
      notice.abort();
    }
    tell({ type: "ended", start, ...ending });
    const { retried: _, ...result } = ending;
    return result;
  };
}
