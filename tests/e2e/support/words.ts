/**
 * The visitor's words the waitlist tests look for, typed here literally from docs/behaviour.md and
 * never imported from src/ (a typo in the site's copy must fail a test, not pass through it). The
 * toasts as their record keeps them are tab-records.ts's REDIRECTING and FAILURE_SHOWN.
 */

export const JOINING = "Joining...";
export const INVALID = "Please enter a valid email address";
export const FAILURE_TITLE = "Submission failed";
export const FAILURE_TEXT = "There was a problem submitting your request. Please try again.";
/** The failure toast as a live-region recorder hears it: Radix's label, then its title and text. */
export const FAILURE_HEARD = `Notification ${FAILURE_TITLE} ${FAILURE_TEXT}`;

/** The note beside the field when a failed signup's address was kept (a reload, a later visit). */
export const KEPT_NOTE =
  "Your last attempt didn't go through, so we kept your address. Try again when ready.";
export const NOT_STARTED_NOTE =
  "The page has not finished loading, so your address was not sent. Please try again in a moment.";
export const NEEDS_JAVASCRIPT =
  "Joining the waitlist needs JavaScript, which is turned off in this browser. Turn it on and try again.";

/** The typo hint under the field for `corrected`, the address as it would be corrected: said, and its button. */
export const TYPO_HINT = {
  said: (corrected: string) => `Did you mean ${corrected}?`,
  take: (corrected: string) => `Use ${corrected}`,
};

/** What the form says while a signup waits, by the cause the site knows of. */
export const WAITING = {
  crowd: "Lots of signups right now. Your address is saved and we're still sending it.",
  trouble:
    "We can't get through to our signup service right now. Your address is saved and we're still sending it.",
  offline:
    "You seem to be offline. Your address is saved and we'll try again when you're back online.",
  slow: "This is taking longer than usual. Your address is saved and we're still sending it.",
};

/** The bot check's words (docs/behaviour.md, "The bot check (optional)"), by how a turn ends. */
export const BOT_CHECK = {
  asking:
    "Google's reCAPTCHA wants to check that you're a person. Answer its challenge to send your address; we've kept it here.",
  closed:
    "The reCAPTCHA challenge was closed before it was answered, so your address was not sent. We kept it here. Select Join Waitlist to try again.",
  expired:
    "The reCAPTCHA challenge expired before it was answered, so your address was not sent. We kept it here. Select Join Waitlist to try again.",
  googleError:
    "Google's reCAPTCHA reported an error, so your address was not sent. We kept it here. Wait a moment, then select Join Waitlist again.",
  silent:
    "Google's reCAPTCHA spam check didn't answer in time, so your address was not sent. We kept it here. Wait a moment, then select Join Waitlist again.",
};

/** Set by the app once its idle preloads (the email SDK, the toaster) have settled: a mark, not words. */
export const PRELOADED_MARK = "bulwark:preloaded";
