/**
 * Writes the two emails into a folder of their own, outside dist/ (a host serves dist/; these are
 * for the operator to paste into EmailJS, see docs/emailjs.md): per email the HTML, the plain text
 * and the template's fields, each email under EmailJS's template limit or nothing is written.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { EmailSettings } from "./email-settings";
import { EMAILJS_TEMPLATE_LIMIT_BYTES, type EmailTemplate } from "./email-template";
import { renderEmailTemplatesApart } from "./render-apart";

/** The folder's name, under the build's output folder (the repository's root for `npm run build`). */
const EMAIL_TEMPLATES_DIR = "emailjs-templates";

export class TemplateTooLargeError extends Error {}

/** The fields file, keyed by the names EmailJS's dashboard gives them, for copying field by field. */
function fieldsFile(template: EmailTemplate): string {
  const { subject, to, fromName, replyTo } = template.fields;
  const fields = {
    "Where it goes": `EmailJS: ${template.place}`,
    Subject: subject,
    "To Email": to,
    "From Name": fromName,
    "Reply To": replyTo,
  };
  return `${JSON.stringify(fields, null, 2)}\n`;
}

/** Renders and writes both emails into `<outDir>/emailjs-templates`; returns the files' paths. */
export async function writeEmailTemplates(
  outDir: string,
  settings: EmailSettings,
): Promise<{ dir: string; files: { path: string; bytes: number }[] }> {
  // The same renderer as the emulator's, so the files are what the local inbox shows.
  const templates = await renderEmailTemplatesApart(settings);
  for (const template of templates) {
    const bytes = Buffer.byteLength(template.html);
    if (bytes > EMAILJS_TEMPLATE_LIMIT_BYTES) {
      throw new TemplateTooLargeError(
        `The ${template.id} email is ${bytes} bytes: EmailJS takes at most ${EMAILJS_TEMPLATE_LIMIT_BYTES}.`,
      );
    }
  }
  const dir = resolve(outDir, EMAIL_TEMPLATES_DIR);
  await mkdir(dir, { recursive: true });
  const files: { path: string; bytes: number }[] = [];
  for (const template of templates) {
    for (const [extension, text] of [
      ["html", template.html],
      ["txt", template.text],
      ["json", fieldsFile(template)],
    ] as const) {
      const path = resolve(dir, `${template.id}.${extension}`);
      await writeFile(path, text);
      files.push({ path, bytes: Buffer.byteLength(text) });
    }
  }
  return { dir, files };
}
