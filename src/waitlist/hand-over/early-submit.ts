/**
 * The hand-over between the inline loader (src/waitlist/loader/inline-loader.ts) and the app
 * (docs/behaviour.md, "Signup before the app starts"): the loader keeps a submit made before the app
 * runs, the app takes it over once its own submit handler is live. The loader imports only this module.
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

export type EarlySubmitQueue = {
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

function queue(scope: object): EarlySubmitQueue | undefined {
  return (scope as Record<string, EarlySubmitQueue | undefined>)[EARLY_SUBMIT_GLOBAL];
}

/** Before hydration: whatever the loader showed goes, so React finds the markup it rendered. */
export function restoreServedPage(scope: object): void {
  queue(scope)?.restore?.();
}

/** Once the form's handler is live: whether a submit was kept before (at most once true), and no more keeping. */
export function takeKeptSubmit(scope: object): boolean {
  const early = queue(scope);
  if (!early) return false;
  early.live = true;
  const kept = early.kept === true;
  early.kept = false;
  return kept;
}
