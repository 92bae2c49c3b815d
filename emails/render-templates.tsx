/**
 * Renders the two emails to what EmailJS takes: per template, the HTML for its code editor, a plain
 * text version, and the template's fields (subject, to, from name, reply-to), EmailJS variables
 * (`{{email}}`) left in place for EmailJS to fill when it sends.
 */
import { render } from "@react-email/render";
import type { ReactElement } from "react";
import { teamNotification, visitorConfirmation } from "../src/content/emails";
import type { EmailSettings } from "./email-settings";
import type { EmailTemplate } from "./email-template";
import { PLAIN_TEXT_OPTIONS } from "./plain-text";
import { TeamNotification } from "./team-notification";
import { VisitorConfirmation } from "./visitor-confirmation";

async function renderBoth(element: ReactElement) {
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions: PLAIN_TEXT_OPTIONS }),
  ]);
  return { html, text };
}

export async function renderEmailTemplates(settings: EmailSettings): Promise<EmailTemplate[]> {
  const team = settings.teamEmail ?? "";
  const notification = await renderBoth(<TeamNotification />);
  const confirmation = await renderBoth(<VisitorConfirmation settings={settings} />);
  return [
    {
      id: "team-notification",
      place: "the waitlist template (its Content and Settings)",
      fields: {
        subject: teamNotification.subject,
        to: team,
        fromName: teamNotification.fromName,
        replyTo: "{{email}}",
      },
      ...notification,
    },
    {
      id: "visitor-confirmation",
      place: "the waitlist template's Auto-Reply tab",
      fields: {
        subject: visitorConfirmation.subject,
        to: "{{email}}",
        fromName: visitorConfirmation.fromName,
        replyTo: team,
      },
      ...confirmation,
    },
  ];
}
