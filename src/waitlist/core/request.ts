/** The steps of a delivery (delivery.ts) that time an answer: a request, the network's return. */
import { type DeliveryDeps, SendTimeoutError, type Ticket } from "./delivery-deps";

/** A request unanswered this many time limits is given up on (it may still arrive). */
const ANSWER_EXPIRY_FACTOR = 2;

const noop = () => {};

export type Answer = { ok: true } | { ok: false; error: unknown; timedOut?: boolean };

/** `work`, or a rejection with the signal's reason once it aborts, whichever comes first. */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      signal.throwIfAborted();
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    }),
  ]);
}

/** One request's answer, an earlier one's late success, or a timeout; `slow` said at the limit. */
export async function request(
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
export async function backOnlineWithin(
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
