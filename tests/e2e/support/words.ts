/**
 * The words the product fixes, typed here once for every test, each with the section of
 * docs/behaviour.md it comes from: what the form, its messages, the toasts, the controls and the two
 * fixed pages say. Typed, never imported from src/, so a typo in the site fails a test. Copy is not
 * here (docs/behaviour.md, "Fixed words"): a test reads a headline, a pitch or a card from
 * src/content/, so a change of copy is made there alone.
 */

/** The form (docs/behaviour.md, "Fixed words"). */
export const FORM_NAME = "Join the early-access waitlist";
export const EMAIL_LABEL = "Work email address";
export const PLACEHOLDER = "Enter your email address";
export const JOIN = "Join Waitlist";
/** The button while a signup is sent (docs/behaviour.md, "No lost signups"). */
export const JOINING = "Joining...";
/** The form's one-line privacy promise, above the notice (docs/behaviour.md, "Fixed words"). */
export const PRIVACY_LINE = "We only use your address to contact you about Bulwark early access.";
/** Any invalid address (docs/behaviour.md, "Email validation"). */
export const INVALID = "Please enter a valid email address";

/** The toast of a delivered signup, kept open across the move to /success (docs/behaviour.md, "Fixed words"). */
export const SUCCESS_TITLE = "Redirecting...";
export const SUCCESS_TEXT = "Taking you to confirmation page";
/** The toast of a failed signup (docs/behaviour.md, "Fixed words"). */
export const FAILURE_TITLE = "Submission failed";
export const FAILURE_TEXT = "There was a problem submitting your request. Please try again.";
/** The failure toast as a live-region recorder hears it: Radix's label, then its title and text. */
export const FAILURE_HEARD = `Notification ${FAILURE_TITLE} ${FAILURE_TEXT}`;
/** Where the toasts sit, and a toast's close button (docs/behaviour.md, "Fixed words"). */
export const TOAST_REGION = "Notifications (F8)";
export const CLOSE_TOAST = "Close notification";

/**
 * The note beside the field when a failed signup's address was kept (a reload, a later visit):
 * docs/behaviour.md, "Failure feedback and focus".
 */
export const KEPT_NOTE =
  "Your last attempt didn't go through, so we kept your address. Try again when ready.";
/** A submit kept while the app never started (docs/behaviour.md, "Signup before the app starts"). */
export const NOT_STARTED_NOTE =
  "The page has not finished loading, so your address was not sent. Please try again in a moment.";
/** Beside the form with JavaScript off (docs/behaviour.md, "JavaScript off"). */
export const NEEDS_JAVASCRIPT =
  "Joining the waitlist needs JavaScript, which is turned off in this browser. Turn it on and try again.";

/** The typo hint under the field for `corrected`, the address as it would be corrected: said, and its button. */
export const TYPO_HINT = {
  said: (corrected: string) => `Did you mean ${corrected}?`,
  take: (corrected: string) => `Use ${corrected}`,
};

/** What the form says while a signup waits, by the cause the site knows of (docs/behaviour.md, "Launch day"). */
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
  blocked:
    "Google's reCAPTCHA spam check couldn't load, so your address was not sent. We kept it here. If a blocker or your network stops google.com, allow it for this page or try another network, then select Join Waitlist again.",
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

/** The privacy notice's summary, and its words for a build without the settings (docs/behaviour.md, "Privacy notice"). */
export const PRIVACY_SUMMARY = "How we handle your address";
export const PRIVACY_NEUTRAL = {
  controller: "The team behind Bulwark",
  retention: "Only as long as the waitlist needs it.",
  contact: "Reply to the confirmation email we send when you join.",
};

/** The page's controls (docs/behaviour.md, "Fixed words"). */
export const SKIP_LINK = "Skip to main content";
export const NAV = {
  name: "Main",
  menu: "Menu",
  features: "Features",
  dashboard: "Dashboard",
  solutions: "Solutions",
};
export const LEARN_MORE = "Learn More";
export const VIEW_DETAILS = "View Details";
/** Below `lg`, the hero's link to the field (docs/behaviour.md, "Phones"). */
export const JOIN_LINK = "Join the waitlist";
/** Each feature card's inert link, read with the card's title: "Learn more about <title>". */
export const CARD_LEARN_MORE = "Learn more";
/** What every inert control is described by (docs/behaviour.md, "Inert controls"). */
export const INERT_HINT = "Available with early access";

/** The thank-you page and the not-found page (docs/behaviour.md, "Fixed words"). */
export const SUCCESS_HEADING = "Thank You!";
export const BACK_HOME = "Back to Home";
export const NOT_FOUND = {
  heading: "404 Page Not Found",
  hint: "Did you forget to add the page to the router?",
};

/** The fixed template params every signup carries (docs/behaviour.md, "Fixed fields"). */
export const EXPECTED_FIXED_PARAMS = {
  name: "Waitlist Subscriber",
  company: "N/A",
  role: "N/A",
  needs: "Joined via the simplified waitlist form",
};

/** The toasts' and tooltips' numbers (docs/behaviour.md, "Constants"). */
export const TOAST_SHOWN_MS = 5000;
export const TOOLTIP_OPEN_DELAY_MS = 700;
