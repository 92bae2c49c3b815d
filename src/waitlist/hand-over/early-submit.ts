/** The hand-over of an early submit (docs/behaviour.md, "Signup before the app starts"). */

export const EARLY_SUBMIT_GLOBAL = "__bulwarkSignup";
/** Marks a form whose submit the loader keeps; its value is what to say if the app never starts. */
export const EARLY_SUBMIT_ATTRIBUTE = "data-early-submit";
/** On the same form: the submit button's label while a kept submit waits for the app. */
export const EARLY_SUBMIT_BUSY_ATTRIBUTE = "data-busy";
export const EMAIL_FIELD = "email";
/** The honeypot (docs/behaviour.md, "Anti-abuse, no CAPTCHA"). */
export const HONEYPOT_FIELD = "bw_kx7";

export type EarlySubmitHandOver = {
  /** A submit was kept: the fact alone, the app sends what the field says when it takes over. */
  kept?: boolean;
  /** Set by the app before it hydrates: the loader puts back the page as served, and stops. */
  restore?: () => void;
  /** Set once the app's own handler is live: the loader stops keeping submits. */
  live?: boolean;
};

const handOver = (scope: object) =>
  (scope as Record<string, EarlySubmitHandOver | undefined>)[EARLY_SUBMIT_GLOBAL];

/** Before hydration: whatever the loader showed goes, so React finds the markup it rendered. */
export function restoreServedPage(scope: object): void {
  handOver(scope)?.restore?.();
}

/** Once the form's handler is live: whether a submit was kept (true once at most); no more kept. */
export function takeKeptSubmit(scope: object): boolean {
  const early = handOver(scope);
  if (!early) return false;
  early.live = true;
  const kept = early.kept === true;
  early.kept = false;
  return kept;
}
