import { describe, expect, it } from "vitest";
import { NEUTRAL_EMAIL_SETTINGS } from "../../emails/email-settings";
import type { EmailTemplate } from "../../emails/email-template";
import { renderEmailTemplates } from "../../emails/render-templates";
import { renderMessages } from "./messages";
import { setUpEmulator, uniqueEmail, validBody } from "./test-harness";

const FIXED = {
  name: "Waitlist Subscriber",
  company: "N/A",
  role: "N/A",
  needs: "Joined via the simplified waitlist form",
};

function template(overrides: Partial<EmailTemplate["fields"]>, html: string): EmailTemplate {
  return {
    id: "team-notification",
    place: "",
    fields: { subject: "", to: "", fromName: "", replyTo: "", ...overrides },
    html,
    text: "",
  };
}

describe("renderMessages, by EmailJS's rules", () => {
  it("escapes {{var}}, keeps {{{var}}} raw, runs sections, empties a missing variable", () => {
    const [message] = renderMessages(
      [
        template(
          { subject: "Hi {{email}}" },
          "<p>{{email}}|{{{email}}}|{{#name}}named{{/name}}{{^company}}none{{/company}}|{{missing}}|</p>",
        ),
      ],
      { email: "<b>", name: "x" },
    );
    expect(message?.html).toBe("<p>&lt;b&gt;|<b>|namednone||</p>");
    expect(message?.subject).toBe("Hi &lt;b&gt;");
  });

  it("fills both emails: the notification to the team, the confirmation to the visitor", async () => {
    const templates = await renderEmailTemplates({
      ...NEUTRAL_EMAIL_SETTINGS,
      teamEmail: "team@bulwark.example",
    });
    const [notification, confirmation] = renderMessages(templates, {
      email: "ada@example.com",
      ...FIXED,
    });
    expect(notification).toMatchObject({
      template: "team-notification",
      to: "team@bulwark.example",
      replyTo: "ada@example.com",
      subject: "New waitlist signup: ada@example.com",
    });
    expect(notification?.html).toContain("Joined via the simplified waitlist form");
    expect(confirmation).toMatchObject({
      template: "visitor-confirmation",
      to: "ada@example.com",
      replyTo: "team@bulwark.example",
      fromName: "Bulwark",
      subject: "You're on the Bulwark early-access list",
    });
    for (const message of [notification, confirmation]) {
      expect(message?.html).not.toContain("{{");
    }
  });

  it("sends a hostile address escaped and never interpreted", async () => {
    const templates = await renderEmailTemplates(NEUTRAL_EMAIL_SETTINGS);
    const hostile = '"><script>alert(1)</script>{{name}}{{{company}}}@evil.example';
    for (const message of renderMessages(templates, { email: hostile, ...FIXED })) {
      expect(message.html).not.toContain("<script>");
      expect(message.html).toContain("&lt;script&gt;alert(1)&lt;&#x2F;script&gt;");
      // The braces inside the value stay text: no second pass fills them.
      expect(message.html).toContain("{{name}}{{{company}}}@evil.example");
      expect(message.html).not.toContain("Waitlist Subscriber{{{company}}}");
    }
  });
});

describe("the emulator keeps the two emails with the outbox entry", () => {
  const emulator = setUpEmulator();

  it("adds them to the one line per signup, every other field as before", async () => {
    const email = uniqueEmail("messages");
    const response = await emulator.sendJson(validBody({ template_params: { email, ...FIXED } }));
    expect(response.status).toBe(200);
    const lines = await emulator.outboxLines();
    const entry = JSON.parse(lines.at(-1) ?? "");
    expect(Object.keys(entry)).toEqual([
      "time",
      "endpoint",
      "user_id",
      "service_id",
      "template_id",
      "lib_version",
      "template_params",
      "messages",
    ]);
    expect(entry.template_params).toEqual({ email, ...FIXED });
    expect(entry.messages.map((m: { template: string }) => m.template)).toEqual([
      "team-notification",
      "visitor-confirmation",
    ]);
    expect(entry.messages[1]).toMatchObject({
      to: email,
      subject: "You're on the Bulwark early-access list",
    });
    expect(entry.messages[0]).toMatchObject({ replyTo: email, to: "" });
  });
});
