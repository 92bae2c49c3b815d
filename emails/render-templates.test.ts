import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import { type EmailSettings, NEUTRAL_EMAIL_SETTINGS, readEmailSettings } from "./email-settings";
import type { EmailTemplate } from "./email-template";
import { renderEmailTemplates } from "./render-templates";

/** The template variables a signup sends (docs/behaviour.md, "Fixed fields"). */
const SENT_VARIABLES = ["email", "name", "company", "role", "needs"];

const SET_ENV = {
  SITE_URL: "https://bulwark.example.com",
  PRIVACY_CONTROLLER: "Bulwark Example Ltd, 1 Example Street, London",
  PRIVACY_CONTACT: "privacy@bulwark.example.com",
  PRIVACY_RETENTION_MONTHS: "12",
  WAITLIST_TEAM_EMAIL: "team@bulwark.example.com",
};
const SET = readEmailSettings(SET_ENV).settings;

async function templates(settings: EmailSettings = SET) {
  const [notification, confirmation] = await renderEmailTemplates(settings);
  if (!notification || !confirmation) throw new Error("two templates expected");
  return { notification, confirmation, both: [notification, confirmation] };
}

function parse(html: string) {
  return new new Window().DOMParser().parseFromString(html, "text/html");
}

/** Every piece of a template EmailJS reads: the HTML, the plain text and each field. */
function allText(template: EmailTemplate): string[] {
  return [template.html, template.text, ...Object.values(template.fields)];
}

function visibleText(html: string): string {
  const doc = parse(html);
  for (const hidden of doc.querySelectorAll("[data-skip-in-text], style")) hidden.remove();
  return (doc.body.textContent ?? "").replace(/\s+/g, " ");
}

describe("both emails", () => {
  it("keep EmailJS's variables intact, only the ones a signup sends", async () => {
    const { both } = await templates();
    for (const template of both) {
      expect(template.html).toContain("{{email}}");
      for (const text of allText(template)) {
        const used = [...text.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].map((match) => match[1]);
        for (const name of used)
          expect(SENT_VARIABLES, `${template.id}: {{${name}}}`).toContain(name);
      }
    }
  });

  it("never put a visitor's value in triple braces or an unescaped tag", async () => {
    for (const template of (await templates()).both) {
      for (const text of allText(template)) {
        expect(text).not.toContain("{{{");
        expect(text).not.toMatch(/\{\{\s*&/);
      }
    }
  });

  it("are each under EmailJS's 50 KB template limit", async () => {
    for (const template of (await templates()).both) {
      expect(Buffer.byteLength(template.html)).toBeLessThan(50 * 1024);
    }
  });

  it("keep the variables' names in the plain text, headings included", async () => {
    const { notification, confirmation } = await templates();
    expect(notification.text).toContain("{{email}}");
    expect(notification.text).toContain("{{needs}}");
    expect(confirmation.text).toContain("{{email}}");
    for (const { text } of [notification, confirmation]) {
      expect(text).not.toMatch(/\{\{[^}]*[A-Z][^}]*\}\}/);
      expect(text).toContain("Bulwark");
    }
    expect(confirmation.text).toContain("You're on the list");
  });

  it("follow the email craft rules", async () => {
    for (const template of (await templates()).both) {
      const doc = parse(template.html);
      expect(doc.documentElement.getAttribute("lang"), template.id).toBe("en");
      const tables = [...doc.querySelectorAll("table")];
      expect(tables.length).toBeGreaterThan(0);
      for (const table of tables) expect(table.getAttribute("role")).toBe("presentation");
      for (const image of doc.querySelectorAll("img")) {
        expect(image.getAttribute("alt")).toBeTruthy();
        expect(image.getAttribute("src")).toMatch(/^https:\/\//);
      }
      const meta = (name: string) =>
        doc.querySelector(`meta[name="${name}"]`)?.getAttribute("content");
      expect(meta("color-scheme")).toBe("light dark");
      expect(meta("supported-color-schemes")).toBe("light dark");
      expect(template.html).toContain("@media (prefers-color-scheme: dark)");
      // The preheader: hidden text that a mail list shows after the subject.
      const preheader = doc.querySelector("[data-skip-in-text]");
      expect(preheader?.getAttribute("style")).toContain("display:none");
      expect((preheader?.textContent ?? "").trim().length).toBeGreaterThan(20);
      // A width that narrows to a 320 px phone: nothing is wider than 320 px but a max-width.
      for (const match of template.html.matchAll(/(?<!max-)width[:=]"?\s*(\d+)px/g)) {
        expect(Number(match[1])).toBeLessThanOrEqual(320);
      }
      for (const element of doc.querySelectorAll("[width]")) {
        expect(element.getAttribute("width")).toMatch(/^(100%|[0-9]{1,3})$/);
      }
      expect(template.html).toContain("max-width:600px");
      // No tracking pixel, no script, no remote font or stylesheet.
      expect(doc.querySelectorAll("img, script, link, iframe, object, embed")).toHaveLength(0);
      expect(template.html).not.toMatch(/@import|@font-face|url\(/i);
      expect(visibleText(template.html).length).toBeGreaterThan(100);
    }
  });
});

/**
 * Words that promise an email still to come. Every email here is the one that came: a confirmation
 * that says one "arrives shortly" contradicts itself.
 */
const PROMISES_AN_EMAIL = [
  /\b(arrives?|arriving|comes?|coming|follows?|following) (shortly|soon|later|next)\b/i,
  /\b(you will|you'll|you should|you are going to|you're going to) (soon |shortly )?(receive|get|see)\b/i,
  /\bcheck your (inbox|email|mail|mailbox|spam)\b/i,
  /\b(will|shall|is going to) be (sent|emailed|mailed|delivered)\b/i,
  /\b(we will|we'll|we are going to|we're going to) (soon |shortly )?(send|email|mail)\b/i,
  /\bon (its|the|their) way\b/i,
  /\b(look|watch) out for\b/i,
  /\b(confirmation|email) (to follow|is pending|is coming)\b/i,
];

function promisedEmail(text: string): string | undefined {
  const flat = text.replace(/\s+/g, " ");
  for (const promise of PROMISES_AN_EMAIL) {
    const match = flat.match(promise);
    if (match) return match[0];
  }
  return undefined;
}

/** A parsed node, as much of it as wordsOf reads (happy-dom's own types, not the DOM's). */
type TextTree = { nodeType: number; textContent: string | null; childNodes: Iterable<TextTree> };
const TEXT_NODE = 3;

/** Every text of an HTML document, preheader included, one block's words apart from the next's. */
function wordsOf(html: string): string {
  const doc = parse(html);
  for (const style of doc.querySelectorAll("style")) style.remove();
  const texts = (node: TextTree): string[] =>
    node.nodeType === TEXT_NODE ? [node.textContent ?? ""] : [...node.childNodes].flatMap(texts);
  return texts(doc.documentElement).join(" ");
}

describe("no email promises an email still to come", () => {
  it("the promise words catch such a promise, and not a promise of early access", () => {
    for (const promise of [
      "Email confirmation arrives shortly",
      "Check your inbox for a confirmation of your place on the list.",
      "You will receive a confirmation email.",
      "You'll get an email from us.",
      "A confirmation will be sent to {{email}}.",
      "We'll send you a confirmation.",
      "Your confirmation is on its way.",
      "Look out for our email.",
    ])
      expect(promisedEmail(promise), promise).toBeDefined();
    for (const fine of [
      "This email confirms your place",
      "We contact you when early access opens",
      "You'll hear from us first, with everything you need to get started.",
      "To leave the list, reply to this email and we delete your address.",
    ])
      expect(promisedEmail(fine), fine).toBeUndefined();
  });

  it("in either template, HTML (preheader included) or plain text, set or neutral", async () => {
    for (const settings of [SET, NEUTRAL_EMAIL_SETTINGS]) {
      for (const template of (await templates(settings)).both) {
        for (const [where, text] of [
          ["HTML", wordsOf(template.html)],
          ["plain text", template.text],
          ["fields", Object.values(template.fields).join(" ")],
        ] as const)
          expect(promisedEmail(text), `${template.id}, ${where}`).toBeUndefined();
      }
    }
  });
});

describe("the team notification", () => {
  it("goes to the team, with Reply-To the visitor and a subject naming the address", async () => {
    const { notification } = await templates();
    expect(notification.fields).toEqual({
      subject: "New waitlist signup: {{email}}",
      to: "team@bulwark.example.com",
      fromName: "Bulwark waitlist",
      replyTo: "{{email}}",
    });
    const text = visibleText(notification.html);
    for (const variable of SENT_VARIABLES) expect(text).toContain(`{{${variable}}}`);
  });

  it("leaves To and Reply-To to EmailJS's defaults without WAITLIST_TEAM_EMAIL", async () => {
    const { notification, confirmation } = await templates(NEUTRAL_EMAIL_SETTINGS);
    expect(notification.fields.to).toBe("");
    expect(confirmation.fields.replyTo).toBe("");
  });
});

describe("the visitor confirmation", () => {
  it("is the Auto-Reply to the visitor, answered by the team", async () => {
    const { confirmation } = await templates();
    expect(confirmation.fields).toEqual({
      subject: "You're on the Bulwark early-access list",
      to: "{{email}}",
      fromName: "Bulwark",
      replyTo: "team@bulwark.example.com",
    });
  });

  it("lists /success's three next steps in order, the confirmation's own as done", async () => {
    const text = visibleText((await templates()).confirmation.html);
    const steps = [
      "What's next",
      "We review your submission",
      "Our team looks at every request to plan the early-access rollout.",
      "This email confirms your place",
      "Keep it: below is who holds your address and how to leave the list.",
      "We contact you when early access opens",
      "You'll hear from us first, with everything you need to get started.",
    ];
    const at = steps.map((step) => text.indexOf(step));
    for (const [index, position] of at.entries())
      expect(position, steps[index]).toBeGreaterThan(-1);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it("numbers the steps in the plain text on their titles' lines, each text below", async () => {
    const { text } = (await templates()).confirmation;
    expect(text).toContain(
      [
        "1. We review your submission",
        "   Our team looks at every request to plan the early-access rollout.",
        "",
        "2. This email confirms your place",
        "   Keep it: below is who holds your address and how to leave the list.",
        "",
        "3. We contact you when early access opens",
        "   You'll hear from us first, with everything you need to get started.",
      ].join("\n"),
    );
    expect(text).not.toMatch(/^\s*\d+\.\s*$/m);
  });

  it("bakes in the privacy settings and the site's address", async () => {
    const { confirmation } = await templates();
    const text = visibleText(confirmation.html);
    expect(text).toContain("Bulwark Example Ltd, 1 Example Street, London");
    expect(text).toContain(
      "Until early access opens, and no longer than 12 months. Then we delete it.",
    );
    expect(text).toContain("Write to privacy@bulwark.example.com.");
    const doc = parse(confirmation.html);
    const hrefs = [...doc.querySelectorAll("a")].map((link) => link.getAttribute("href"));
    expect(hrefs).toContain("mailto:privacy@bulwark.example.com");
    expect(hrefs).toContain(
      "mailto:privacy@bulwark.example.com?subject=Please%20remove%20me%20from%20the%20Bulwark%20waitlist",
    );
    expect(hrefs).toContain("https://bulwark.example.com");
    expect(text).toContain("There is no one-click unsubscribe link");
  });

  it("says the privacy notice's neutral words when the settings are unset", async () => {
    const text = visibleText((await templates(NEUTRAL_EMAIL_SETTINGS)).confirmation.html);
    expect(text).toContain("Who collects itThe team behind Bulwark");
    expect(text).toContain("Only as long as the waitlist needs it. Then we delete it.");
    expect(text).toContain("Questions and requestsReply to this email.");
    expect(text).toContain("To leave the list, reply to this email and we delete your address.");
    expect(text).not.toMatch(/\{value\}|undefined|null/);
  });

  it("names Google as a recipient only for a site with the bot check (VITE_RECAPTCHA_SITE_KEY)", async () => {
    const withCheck = readEmailSettings({
      ...SET_ENV,
      VITE_RECAPTCHA_SITE_KEY: "site-key",
    }).settings;
    const { confirmation } = await templates(withCheck);
    expect(visibleText(confirmation.html)).toContain(
      "Who receives itEmailJS, the service that sends this form to us",
    );
    expect(confirmation.text).toContain(
      "Google handles data for us too, as our processor for reCAPTCHA",
    );
    for (const template of (await templates()).both) {
      for (const text of allText(template)) expect(text).not.toContain("Google");
    }
  });
});
