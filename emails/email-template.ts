/**
 * What a rendered email is, apart from the renderer: the build, the emulator and the scripts use
 * these without loading React (emails/render-apart.ts says why that matters).
 */

/** EmailJS refuses a template whose content is larger than this. */
export const EMAILJS_TEMPLATE_LIMIT_BYTES = 50 * 1024;

export type TemplateId = "team-notification" | "visitor-confirmation";

/** The fields of an EmailJS template besides its content, as its dashboard names them. */
type TemplateFields = {
  subject: string;
  /** "To Email"; empty leaves EmailJS's default, the account's address. */
  to: string;
  fromName: string;
  /** "Reply To"; empty leaves EmailJS's default, the sending service's address. */
  replyTo: string;
};

export type EmailTemplate = {
  id: TemplateId;
  /** Where it goes in EmailJS: the template itself, or its Auto-Reply tab. */
  place: string;
  fields: TemplateFields;
  html: string;
  text: string;
};
