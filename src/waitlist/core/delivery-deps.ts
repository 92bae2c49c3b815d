/**
 * What a delivery (delivery.ts) is given, once, by the page's wiring, and what it tells as it runs.
 */
import type { Clock } from "./clock";
import type { SignupRecord } from "./signup-record";

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
