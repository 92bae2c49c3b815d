/**
 * What the two emails take from the build settings, baked in when they are rendered, as the site
 * bakes them into its pages: the site's address, the privacy settings (src/lib/trust-settings.ts)
 * and the team's address (WAITLIST_TEAM_EMAIL).
 */
import { readTrustSettings, type TrustSettings } from "../src/lib/trust-settings";

/** The site's own fallback when SITE_URL is unset (scripts/build/build.ts says the same). */
const FALLBACK_SITE_URL = "http://127.0.0.1:4173";

export type EmailSettings = {
  siteUrl: string;
  trust: Pick<TrustSettings, "controller" | "privacyContact" | "retentionMonths">;
  /** Where the team's notification goes and the visitor's replies arrive; null leaves EmailJS's default. */
  teamEmail: string | null;
  /** The site has the bot check (VITE_RECAPTCHA_SITE_KEY): the confirmation names Google as a recipient. */
  botCheck: boolean;
};

/** The settings with none set: the privacy notice's neutral wording, EmailJS's default addresses. */
export const NEUTRAL_EMAIL_SETTINGS: EmailSettings = {
  siteUrl: FALLBACK_SITE_URL,
  trust: { controller: null, privacyContact: null, retentionMonths: null },
  teamEmail: null,
  botCheck: false,
};

export class EmailSettingError extends Error {}

/** Reads the settings from an environment (process.env, or Vite's loadEnv). */
export function readEmailSettings(env: Record<string, string | undefined>): {
  settings: EmailSettings;
  missing: string[];
} {
  const { settings: trust, missing } = readTrustSettings(env);
  const teamEmail = env.WAITLIST_TEAM_EMAIL?.trim() || null;
  if (teamEmail !== null && !/^[^\s@<>"]+@[^\s@<>"]+$/.test(teamEmail)) {
    throw new EmailSettingError(`WAITLIST_TEAM_EMAIL is not an email address: ${teamEmail}`);
  }
  return {
    settings: {
      siteUrl: env.SITE_URL?.trim() || FALLBACK_SITE_URL,
      trust: {
        controller: trust.controller,
        privacyContact: trust.privacyContact,
        retentionMonths: trust.retentionMonths,
      },
      teamEmail,
      botCheck: Boolean(env.VITE_RECAPTCHA_SITE_KEY?.trim()),
    },
    missing: teamEmail ? missing : [...missing, "WAITLIST_TEAM_EMAIL"],
  };
}
