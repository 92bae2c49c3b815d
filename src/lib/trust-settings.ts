/**
 * Who stands behind the site and how to reach them: the build settings the privacy notice by the
 * form and the footer show (docs/behaviour.md, "Privacy notice" and "Footer"). scripts/build/build.ts reads them
 * and hands them to the prerender; without one, those parts use neutral wording, never a
 * placeholder, and the build warns.
 */

/** RFC 9116's place for security.txt: the build writes it there when SECURITY_CONTACT is set. */
export const SECURITY_TXT_PATH = "/.well-known/security.txt";

/** The privacy notice's own settings, in the order the build warning names them. */
const PRIVACY_SETTINGS = [
  "PRIVACY_CONTROLLER",
  "PRIVACY_CONTACT",
  "PRIVACY_RETENTION_MONTHS",
] as const;

/** A way to reach someone: the link and the words a visitor reads. */
export type Contact = { href: string; label: string };

export type TrustSettings = {
  /** Who collects the address and decides what happens to it: a legal name and postal address. */
  controller: string | null;
  /** Where to ask about, or act on, what is held about you. */
  privacyContact: Contact | null;
  /** How many months an address is kept at most. */
  retentionMonths: number | null;
  /** Where to report a vulnerability: the Contact of /.well-known/security.txt. */
  securityContact: Contact | null;
};

export const NO_TRUST_SETTINGS: TrustSettings = {
  controller: null,
  privacyContact: null,
  retentionMonths: null,
  securityContact: null,
};

export class TrustSettingError extends Error {}

/** A bare address becomes a mailto: URI; a URI (mailto:, https:, tel:) is kept as it is. */
export function contactUri(value: string, setting: string): string {
  const contact = value.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(contact)) return contact;
  if (contact.includes("@")) return `mailto:${contact}`;
  throw new TrustSettingError(`${setting} is neither an email address nor a URI: ${contact}`);
}

function contact(value: string | undefined, setting: string): Contact | null {
  const text = value?.trim();
  if (!text) return null;
  const href = contactUri(text, setting);
  return { href, label: href.replace(/^mailto:/i, "") };
}

function months(value: string | undefined): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (!/^\d+$/.test(text) || Number(text) === 0) {
    throw new TrustSettingError(
      `PRIVACY_RETENTION_MONTHS is a whole number of months above 0, such as 12: not ${text}`,
    );
  }
  return Number(text);
}

/**
 * The settings as the site shows them, and the privacy settings left unset. A value that is set but
 * unusable (a contact that is neither address nor URI, a retention that is not a number of months)
 * throws a TrustSettingError naming it.
 */
export function readTrustSettings(env: Record<string, string | undefined>): {
  settings: TrustSettings;
  missing: string[];
} {
  const settings: TrustSettings = {
    controller: env.PRIVACY_CONTROLLER?.trim() || null,
    privacyContact: contact(env.PRIVACY_CONTACT, "PRIVACY_CONTACT"),
    retentionMonths: months(env.PRIVACY_RETENTION_MONTHS),
    securityContact: contact(env.SECURITY_CONTACT, "SECURITY_CONTACT"),
  };
  const missing = PRIVACY_SETTINGS.filter((name) => !env[name]?.trim());
  return { settings, missing };
}

/** The build's warning for unset privacy settings, naming each. */
export function missingPrivacySettingsWarning(missing: readonly string[]): string {
  const verb = missing.length === 1 ? "is" : "are";
  return (
    `${missing.join(", ")} ${verb} not set: the privacy notice by the form and the footer use ` +
    "neutral wording instead (see .env.example)."
  );
}
