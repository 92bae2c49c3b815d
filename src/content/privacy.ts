/** A point whose wording takes a build setting: `{value}` marks where it goes. */
type SettingPoint = { term: string; withSetting: string; neutral: string };
type FixedPoint = { term: string; text: string };

/**
 * The privacy notice by the waitlist form: GDPR Art. 13's points in plain words. Without a build
 * setting (PRIVACY_CONTROLLER, PRIVACY_RETENTION_MONTHS, PRIVACY_CONTACT) its point says `neutral`.
 */
export type PrivacyNoticeContent = {
  summary: string;
  controller: SettingPoint;
  purpose: FixedPoint;
  basis: FixedPoint;
  /**
   * `withBotCheck` where the build has the bot check (VITE_RECAPTCHA_SITE_KEY): Google handles data
   * too, as the site's processor (reCAPTCHA's terms since 2 April 2026).
   */
  recipients: FixedPoint & { withBotCheck: string };
  retention: SettingPoint & { month: { one: string; other: string } };
  /**
   * What the form leaves in the visitor's browser, why and for how long (docs/behaviour.md, "What
   * the browser keeps"): its days are the record's (src/waitlist/core/signup-record.ts).
   */
  device: FixedPoint;
  rights: FixedPoint;
  contact: SettingPoint;
  /**
   * Only where the build has the field signals (VITE_PLAUSIBLE_DOMAIN): who counts visits for the
   * site, and what it receives; `footer`, the same in a line for the footer's privacy points.
   */
  analytics: FixedPoint & { footer: string };
};

export const privacyNotice = {
  summary: "How we handle your address",
  controller: {
    term: "Who collects it",
    withSetting: "{value}",
    neutral: "The team behind Bulwark",
  },
  purpose: {
    term: "What for",
    text: "Only to tell you about Bulwark early access: when it opens and how to join. No newsletter, no advertising, no profiling.",
  },
  basis: {
    term: "Legal basis",
    text: "Your request to join the waitlist (GDPR Art. 6(1)(b)). Giving your address is up to you, but without it we cannot add you.",
  },
  recipients: {
    term: "Who receives it",
    text: "EmailJS, the service that sends this form to us, and the provider of our team's mailbox. They handle it only on our behalf. No one else gets it, and we never sell it.",
    withBotCheck:
      "EmailJS, the service that sends this form to us, and the provider of our team's mailbox. They handle it only on our behalf, and we never sell it. Google handles data for us too, as our processor for reCAPTCHA, when you use the form: its spam check sees your IP address, details of your browser and how you use this page, and sets the one cookie that check needs (_GRECAPTCHA). We do not give Google your email address, but its check runs as a script in this page.",
  },
  retention: {
    term: "How long we keep it",
    withSetting: "Until early access opens, and no longer than {value}. Then we delete it.",
    neutral: "Only as long as the waitlist needs it. Then we delete it.",
    month: { one: "month", other: "months" },
  },
  device: {
    term: "Kept in your browser",
    text: "Until your address is delivered, this browser keeps it in this site's database (\"bulwark\") so an interrupted signup can be finished, for 7 days from the day you last sent it. If sending fails, it waits in the form for you to try again, so on a shared computer send it or clear this site's data. Once delivered, the browser keeps only a keyed hash of it and the day it was sent, for 30 days from that day, so it is never sent twice; someone using this browser who guesses your address could check the guess against it. Whatever is past its time is removed the next time you open this site.",
  },
  rights: {
    term: "Your rights",
    text: "You can ask to see, correct or delete your address, or object to our use of it, at any time. You can also complain to a data protection authority, such as the one where you live or work.",
  },
  analytics: {
    term: "Counting visits",
    text: "Plausible Analytics, our processor, counts page views and signup steps for us; it sets no cookie and stores nothing in your browser. It receives the page's address, the site you came from, how long the page was open and how far it was scrolled, your browser type and your IP address, which it uses only for a daily-changing anonymous count and does not keep; never anything you type. Before it is sent, the page's address is cleaned of email addresses in the forms links are known to carry them. With Global Privacy Control or Do Not Track on, nothing is sent.",
    footer:
      "Visits are counted without cookies by Plausible Analytics, never with anything you type; nothing is sent with Global Privacy Control or Do Not Track on.",
  },
  contact: {
    term: "Questions and requests",
    withSetting: "Write to {value}.",
    neutral: "Reply to the confirmation email we send when you join.",
  },
} satisfies PrivacyNoticeContent;
