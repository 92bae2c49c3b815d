/**
 * The waitlist's delivery rules (PRODUCT.md §1, "No lost signups" and "One address, many tabs"),
 * free of React and of the browser: what sends, the memory, the tab lock and the clock are passed in.
 *
 * - A send that has not answered within the time limit counts as failed.
 * - An address already sent from this browser is not sent again, also when a timed-out send turned
 *   out to have arrived, and also from another tab (the lock makes the second tab wait, then see it).
 * - A retry while an earlier send of the same address is still unanswered first gives that send one
 *   more time limit, then sends afresh: a slow network does not email twice, a dead request does not
 *   block the visitor for good.
 * - The address is kept from the start of a send until it is sent: a failure, or a reload while
 *   the send is unanswered, offers it again.
 */
import type { Clock } from "./clock";
import type { SignupMemory } from "./signup-memory";
import type { TabLock } from "./tab-lock";

export type SignupOutcome = "sent" | "already-sent" | "ignored";

export type SignupDeps = {
  /** One request to the email service: resolves once it accepted the signup. */
  send(email: string): Promise<void>;
  memory: SignupMemory;
  lock: TabLock;
  clock: Clock;
  timeoutMs: number;
};

export class SendTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`EmailJS did not answer within ${timeoutMs} ms`);
    this.name = "SendTimeoutError";
  }
}

const LOCK_PREFIX = "bulwark:waitlist:send:";

export function createWaitlistSignup({ send, memory, lock, clock, timeoutMs }: SignupDeps) {
  /** Sends still waiting for an answer in this tab, by address. */
  const unanswered = new Map<string, Promise<void>>();

  /** `work` within the time limit; on expiry its signal aborts and a SendTimeoutError is thrown. */
  async function withinTimeLimit<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const expired = new AbortController();
    const settled = new AbortController();
    const timeout = clock.sleep(timeoutMs, settled.signal).then(() => {
      const error = new SendTimeoutError(timeoutMs);
      expired.abort(error);
      throw error;
    });
    try {
      return await Promise.race([work(expired.signal), timeout]);
    } finally {
      settled.abort();
      timeout.catch(() => {});
    }
  }

  /** One request; whenever it succeeds, even after the time limit, the address is remembered. */
  function startSend(email: string, key: string): Promise<void> {
    const delivery = send(email).then(() => memory.rememberSent(email));
    unanswered.set(key, delivery);
    const forget = () => {
      if (unanswered.get(key) === delivery) unanswered.delete(key);
    };
    delivery.then(forget, forget);
    return delivery;
  }

  async function deliver(email: string, key: string): Promise<SignupOutcome> {
    const earlier = unanswered.get(key);
    if (earlier) {
      try {
        await withinTimeLimit(() => earlier);
        return "sent";
      } catch {
        // It failed, or is still silent: send afresh.
      }
    }
    return withinTimeLimit((signal) =>
      lock(LOCK_PREFIX + key, signal, async () => {
        // Another tab may have sent it while this one waited for the lock.
        if (memory.wasSent(key)) return "already-sent";
        signal.throwIfAborted();
        // Held until the answer or the time limit, whichever comes first.
        await Promise.race([
          startSend(email, key),
          new Promise<never>((_, reject) =>
            signal.addEventListener("abort", () => reject(signal.reason), { once: true }),
          ),
        ]);
        return "sent";
      }),
    );
  }

  return {
    /**
     * Signs `email` up (already validated). A filled honeypot is a bot: it is told all went well and
     * nothing is sent. Throws on any failure; the address stays kept for a retry.
     */
    async submit(email: string, { honeypot = "" } = {}): Promise<SignupOutcome> {
      if (honeypot !== "") return "ignored";
      const key = email.toLowerCase();
      if (memory.wasSent(key)) return "already-sent";
      memory.keepPending(email);
      return deliver(email, key);
    },
    pendingEmail: memory.pendingEmail,
  };
}

export type WaitlistSignup = ReturnType<typeof createWaitlistSignup>;
