/**
 * The emails EmailJS would send for one signup: both templates (emails/) filled with the send's
 * template parameters by EmailJS's rules, which are Mustache's: `{{var}}` HTML-escaped, `{{{var}}}`
 * raw, `{{#var}}…{{/var}}` and `{{^var}}` sections, a missing variable empty.
 */
import Mustache from "mustache";
import type { EmailTemplate, TemplateId } from "../../emails/email-template";

/** One message as a mailbox would receive it. */
export type RenderedMessage = {
  template: TemplateId;
  to: string;
  fromName: string;
  replyTo: string;
  subject: string;
  html: string;
};

/** A value is filled in once: one inside it (`{{name}}` typed as an address) stays text. */
function fill(template: string, params: Record<string, unknown>): string {
  return Mustache.render(template, params);
}

export function renderMessages(
  templates: readonly EmailTemplate[],
  params: Record<string, unknown>,
): RenderedMessage[] {
  return templates.map(({ id, fields, html }) => ({
    template: id,
    to: fill(fields.to, params),
    fromName: fill(fields.fromName, params),
    replyTo: fill(fields.replyTo, params),
    subject: fill(fields.subject, params),
    html: fill(html, params),
  }));
}
