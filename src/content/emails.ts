/**
 * The words of the two emails a signup makes (emails/ renders them for EmailJS). `{{name}}` marks an
 * EmailJS template variable, filled by EmailJS when it sends; `{value}` marks where a build setting
 * goes. The next steps and the privacy wording are not here: the confirmation takes them from
 * /success's content and the privacy notice, so each is written once.
 */
export type TeamNotificationContent = {
  subject: string;
  fromName: string;
  preview: string;
  heading: string;
  intro: string;
  fields: { label: string; variable: string }[];
  replyHint: string;
};

export type VisitorConfirmationContent = {
  subject: string;
  fromName: string;
  preview: string;
  heading: string;
  intro: string;
  privacyHeading: string;
  /** The contact point when PRIVACY_CONTACT is unset: the privacy notice's wording, seen from inside this email. */
  replyContact: string;
  leaveHeading: string;
  leaveWithContact: string;
  leaveByReply: string;
  leaveHonestly: string;
  leaveSubject: string;
  whyYouGetThis: string;
};

export const teamNotification = {
  subject: "New waitlist signup: {{email}}",
  fromName: "Bulwark waitlist",
  preview: "{{email}} joined the Bulwark early-access waitlist.",
  heading: "New waitlist signup",
  intro: "Someone joined the early-access waitlist on the site.",
  fields: [
    { label: "Email", variable: "email" },
    { label: "Name", variable: "name" },
    { label: "Company", variable: "company" },
    { label: "Role", variable: "role" },
    { label: "Note", variable: "needs" },
  ],
  replyHint: "Reply to this email to write to the subscriber: its Reply-To is their address.",
} satisfies TeamNotificationContent;

export const visitorConfirmation = {
  subject: "You're on the Bulwark early-access list",
  fromName: "Bulwark",
  preview: "Thanks for joining. Here is what happens next, and how to leave the list.",
  heading: "You're on the list",
  intro:
    "Thank you for joining the Bulwark early-access waitlist with {{email}}. We'll tell you as soon as early access is available.",
  privacyHeading: "Your address and your rights",
  replyContact: "Reply to this email.",
  leaveHeading: "Leaving the list",
  leaveWithContact: "To leave the list, write to {value} and we delete your address.",
  leaveByReply: "To leave the list, reply to this email and we delete your address.",
  leaveHonestly:
    "There is no one-click unsubscribe link: this list has no server of its own, so a person on our team removes you by hand.",
  leaveSubject: "Please remove me from the Bulwark waitlist",
  whyYouGetThis:
    "You get this email because {{email}} was entered in the waitlist form on {value}. If that wasn't you, reply and we delete it.",
} satisfies VisitorConfirmationContent;
