/**
 * The hand-over between the inline loader (src/app/start-up/inline-loader.ts) and the app
 * (docs/behaviour.md, "Signup before the app starts"): the loader keeps a submit made before the app
 * runs (keep-early-submits.ts), the app takes it over once its own submit handler is live.
 */

/** The global through which the loader hands a kept submit to the app. */
export const EARLY_SUBMIT_GLOBAL = "__bulwarkSignup";
/** Marks a form whose submit the loader keeps; its value is what to say if the app never starts. */
export const EARLY_SUBMIT_ATTRIBUTE = "data-early-submit";
/** On the same form: the submit button's label while a kept submit waits for the app. */
export const EARLY_SUBMIT_BUSY_ATTRIBUTE = "data-busy";
export const EMAIL_FIELD = "email";
/** Off-screen and out of the tab order: people never fill it, form bots do. */
export const HONEYPOT_FIELD = "bw_kx7";

/** What the loader and the app share about a submit made before the app ran: two flags and a callback. */
export type EarlySubmitHandOver = {
  /**
   * A submit was made before the app took the form over. Only the fact is kept: the app sends what
   * the field says when it takes over, so a correction made meanwhile is what is sent.
   */
  kept?: boolean;
  /** Set by the app before it hydrates: the loader puts the page back as served and stops changing it. */
  restore?: () => void;
  /** Set once the app's own handler is live: the loader stops keeping submits. */
  live?: boolean;
};

function handOver(scope: object): EarlySubmitHandOver | undefined {
  return (scope as Record<string, EarlySubmitHandOver | undefined>)[EARLY_SUBMIT_GLOBAL];
}

/** Before hydration: whatever the loader showed goes, so React finds the markup it rendered. */
export function restoreServedPage(scope: object): void {
  handOver(scope)?.restore?.();
}

/** Once the form's handler is live: whether a submit was kept before (at most once true), and no more keeping. */
export function takeKeptSubmit(scope: object): boolean {
  const early = handOver(scope);
  if (!early) return false;
  early.live = true;
  const kept = early.kept === true;
  early.kept = false;
  return kept;
}
