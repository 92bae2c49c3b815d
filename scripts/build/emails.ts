/**
 * Renders the two emails a signup makes (emails/) with the production settings into
 * emailjs-templates/, for the operator to paste into EmailJS (docs/emailjs.md); the production
 * build does the same. Run: npm run emails.
 */
import { relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { loadEnv } from "vite";
import { EmailSettingError, readEmailSettings } from "../../emails/email-settings";
import { TemplateTooLargeError, writeEmailTemplates } from "../../emails/write-templates";
import { TrustSettingError } from "../../src/lib/trust-settings";

const root = resolve(import.meta.dirname, "../..");

export class EmailBuildError extends Error {}

/**
 * Writes the emails with the settings of `env` into `<outDir>/emailjs-templates`. An unset
 * WAITLIST_TEAM_EMAIL is warned about (the privacy settings are warned about by the build already);
 * an unusable setting or an email over EmailJS's limit stops with an EmailBuildError.
 */
export async function writeEmailsForBuild(
  env: Record<string, string | undefined>,
  outDir: string,
  warn: (message: string) => void = console.warn,
) {
  try {
    const { settings } = readEmailSettings(env);
    if (!settings.teamEmail) {
      warn(
        "WAITLIST_TEAM_EMAIL is not set: the team notification's To Email and the confirmation's " +
          "Reply To are left empty, so EmailJS uses its defaults (see docs/emailjs.md).",
      );
    }
    return await writeEmailTemplates(outDir, settings);
  } catch (error) {
    if (
      error instanceof EmailSettingError ||
      error instanceof TrustSettingError ||
      error instanceof TemplateTooLargeError
    ) {
      throw new EmailBuildError(`Emails not written: ${error.message}`);
    }
    throw error;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    const { dir, files } = await writeEmailsForBuild(loadEnv("production", root, ""), root);
    console.log(`The EmailJS templates are in ${relative(process.cwd(), dir) || dir}:`);
    for (const file of files) console.log(`  ${relative(dir, file.path)}  ${file.bytes} B`);
  } catch (error) {
    if (!(error instanceof EmailBuildError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
