export const waitlist = {
  heading: "Join the early-access waitlist",
  intro: "Be first to protect your APIs with Bulwark.",
  label: "Work email address",
  placeholder: "Enter your email address",
  submit: "Join Waitlist",
  submitting: "Joining...",
  invalidEmail: "Please enter a valid email address",
  privacy: "We only use your address to contact you about Bulwark early access.",
  keptNote: "Your last attempt didn't go through, so we kept your address. Try again when ready.",
  /** While a signup waits, by cause (docs/behaviour.md, "Launch day"). */
  waiting: {
    crowd: "Lots of signups right now. Your address is saved and we're still sending it.",
    trouble:
      "We can't get through to our signup service right now. Your address is saved and we're still sending it.",
    offline:
      "You seem to be offline. Your address is saved and we'll try again when you're back online.",
    slow: "This is taking longer than usual. Your address is saved and we're still sending it.",
  },
  /** Shown by the inline loader when a submit waited for the app and the app never started. */
  notStartedNote:
    "The page has not finished loading, so your address was not sent. Please try again in a moment.",
  /** Beside the form when JavaScript is off. */
  needsJavaScript:
    "Joining the waitlist needs JavaScript, which is turned off in this browser. Turn it on and try again.",
  honeypotLabel: "Leave this field empty",
  toasts: {
    success: { title: "Redirecting...", description: "Taking you to confirmation page" },
    failure: {
      title: "Submission failed",
      description: "There was a problem submitting your request. Please try again.",
    },
  },
  /** Sent with every signup (docs/behaviour.md, "Fixed fields"). */
  fixedParams: {
    name: "Waitlist Subscriber",
    company: "N/A",
    role: "N/A",
    needs: "Joined via the simplified waitlist form",
  },
};

/** The bot check's texts, apart: only a build with VITE_RECAPTCHA_SITE_KEY carries them. */
export const botCheckTexts = {
  /** Google's words for a page that hides reCAPTCHA's badge. */
  notice: "This site is protected by reCAPTCHA.",
  /** While Google's challenge waits for the visitor (the button stays on Joining...). */
  asking:
    "Google's reCAPTCHA wants to check that you're a person. Answer its challenge to send your address; we've kept it here.",
  /** When the check gave no token. */
  notSent: {
    blocked:
      "Google's reCAPTCHA spam check couldn't load, so your address was not sent. We kept it here. If a blocker or your network stops google.com, allow it for this page or try another network, then select Join Waitlist again.",
    closed:
      "The reCAPTCHA challenge was closed before it was answered, so your address was not sent. We kept it here. Select Join Waitlist to try again.",
    expired:
      "The reCAPTCHA challenge expired before it was answered, so your address was not sent. We kept it here. Select Join Waitlist to try again.",
    error:
      "Google's reCAPTCHA reported an error, so your address was not sent. We kept it here. Wait a moment, then select Join Waitlist again.",
    silent:
      "Google's reCAPTCHA spam check didn't answer in time, so your address was not sent. We kept it here. Wait a moment, then select Join Waitlist again.",
  },
  /** The next visit's note, sent when asked (docs/behaviour.md, "The bot check (optional)"). */
  pending: "Your waitlist signup for {email} was not sent before the page closed.",
  send: "Send it now",
};
