/**
 * Build-time settings (see .env.example), read in one place so the rest of the app never touches
 * import.meta.env; a function of the environment, so the build and the tests can read it too.
 */

/**
 * The build modes (scripts/build/build.ts refuses any other): a deploy's, every setting checked,
 * and the local one, against the emulator on this machine (`npm start`, `npm run dev`, the tests).
 */
export const BUILD_MODES = ["production", "emulator"] as const;
export const LOCAL_MODE = "emulator" satisfies (typeof BUILD_MODES)[number];

export const DEFAULT_EMAILJS_ORIGIN = "https://api.emailjs.com";
const DEFAULT_SEND_TIMEOUT_MS = 15_000;
const DEFAULT_RETRY_BUDGET_MS = 120_000;
export const DEFAULT_RECAPTCHA_ORIGIN = "https://www.google.com";

export type BuildEnv = Record<string, string | boolean | undefined>;

function text(value: string | boolean | undefined): string {
  return typeof value === "string" ? value.trim() : "";
}

function milliseconds(value: string | boolean | undefined, fallback: number): number {
  const ms = Number(text(value));
  return Number.isInteger(ms) && ms > 0 ? ms : fallback;
}

/**
 * The origin a URL setting names, as a browser reads it (`https:api.emailjs.com/` is
 * `https://api.emailjs.com`): what ships, so what a production build checked is what runs (it
 * refuses a setting written otherwise, scripts/build/production-settings.ts). A value that is no
 * URL is left as it is.
 */
export function settingOrigin(value: string): string {
  try {
    return new URL(value).origin;
  } catch {
    return value;
  }
}

/**
 * The EmailJS API origin the browser sends to, parsed at build time: vite.config.ts defines it as
 * a constant (src/lib/email-build.ts), so the browser ships the origin itself and no parser.
 */
export function readEmailOrigin(env: BuildEnv): string {
  return settingOrigin(text(env.VITE_EMAILJS_ORIGIN) || DEFAULT_EMAILJS_ORIGIN);
}

export function readEmailConfig(env: BuildEnv) {
  return {
    publicKey: text(env.VITE_EMAILJS_PUBLIC_KEY),
    serviceId: text(env.VITE_EMAILJS_SERVICE_ID),
    templateId: text(env.VITE_EMAILJS_TEMPLATE_ID),
    /** How long a request may go unanswered before the visitor is told it is taking a while. */
    timeoutMs: milliseconds(env.VITE_EMAILJS_TIMEOUT_MS, DEFAULT_SEND_TIMEOUT_MS),
    /** How long a signup is tried again, from its first try, before the visitor is told it failed. */
    retryBudgetMs: milliseconds(env.VITE_SIGNUP_RETRY_BUDGET_MS, DEFAULT_RETRY_BUDGET_MS),
    /** blockHeadless and limitRate: on in every build but the local one, against the emulator. */
    antiAbuse: env.MODE !== LOCAL_MODE,
  };
}

export type EmailConfig = ReturnType<typeof readEmailConfig>;

// Vite fills import.meta.env; outside Vite (the build script imports readEmailConfig) it is absent.
export const emailConfig: EmailConfig = readEmailConfig(import.meta.env ?? {});

/**
 * The optional bot check EmailJS verifies, Google's reCAPTCHA v2 invisible (docs/security.md): on
 * when a site key is set. `origin` serves api.js (a local stand-in in tests). The browser reads these
 * as the build-time constants vite.config.ts defines from them (src/lib/bot-check-build.ts), so a
 * build without the key carries none of its code.
 */
export function readBotCheckConfig(env: BuildEnv) {
  const siteKey = text(env.VITE_RECAPTCHA_SITE_KEY);
  return {
    siteKey,
    origin: settingOrigin(text(env.VITE_RECAPTCHA_ORIGIN) || DEFAULT_RECAPTCHA_ORIGIN),
    on: siteKey !== "",
  };
}
