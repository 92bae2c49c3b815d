/** What a delivery (delivery.ts) is given once by the page's wiring, and what it tells. */
import type { Clock } from "./clock";
import type { SignupRecord } from "./signup-record";

/**
 * Why the visitor waits (docs/behaviour.md, "Launch day": "Told early, told once"); each is also a
 * word of the field signals, which the hosts' event proxy allows (scripts/build/event-proxy/event-props.ts).
 */
export const WAIT_REASONS = ["crowd", "trouble", "offline", "slow"] as const;
export type WaitReason = (typeof WAIT_REASONS)[number];
/** The form, a submit the loader kept before the app ran, or a later page. */
export const STARTS = ["form", "before-app", "resumed"] as const;
export type Start = (typeof STARTS)[number];
export type Outcome = "sent" | "already-sent" | "cancelled" | "failed";
/** How a delivery ended; `error`, what a failed one ended with. */
export type Ending = { outcome: Outcome; error?: unknown };

/** "taken-over": this tab holds the address (after any wait for another tab). */
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
  /** Taken before each request (the bot check's token), outside its time limits; may reject. */
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
