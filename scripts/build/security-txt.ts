/**
 * `/.well-known/security.txt` (RFC 9116, docs/behaviour.md, "Trust file"): where to report a
 * vulnerability, from the SECURITY_CONTACT build setting. Called by scripts/build/build.ts.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { contactUri, SECURITY_TXT_PATH } from "../../src/lib/trust-settings";

/** The file's text: Contact, Expires one year after `now`, Preferred-Languages and Canonical. */
export function securityTxt({
  contact,
  siteUrl,
  now = new Date(),
}: {
  contact: string;
  siteUrl: string;
  now?: Date;
}): string {
  const expires = new Date(now);
  expires.setUTCFullYear(expires.getUTCFullYear() + 1);
  return [
    `Contact: ${contactUri(contact, "SECURITY_CONTACT")}`,
    `Expires: ${expires.toISOString()}`,
    "Preferred-Languages: en",
    `Canonical: ${new URL(SECURITY_TXT_PATH, siteUrl).href}`,
    "",
  ].join("\n");
}

/**
 * Writes the file into a built site when SECURITY_CONTACT is set; without it, warns and writes none
 * (a security.txt with no way to reach anyone would be worse than none). Returns whether it wrote.
 */
export async function writeSecurityTxt({
  distDir,
  contact,
  siteUrl,
  now,
  warn = console.warn,
}: {
  distDir: string;
  contact: string | undefined;
  siteUrl: string;
  now?: Date;
  warn?: (message: string) => void;
}): Promise<boolean> {
  if (!contact?.trim()) {
    warn(`SECURITY_CONTACT is not set: no ${SECURITY_TXT_PATH} is written.`);
    return false;
  }
  const path = resolve(distDir, `.${SECURITY_TXT_PATH}`);
  await mkdir(resolve(path, ".."), { recursive: true });
  await writeFile(path, securityTxt({ contact, siteUrl, now }));
  return true;
}
