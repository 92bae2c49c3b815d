/**
 * The optional bot check EmailJS verifies (reCAPTCHA v2 invisible), as the rest of the waitlist
 * sees it. Every use sits behind `__BOT_CHECK_ON__`, a build-time constant (src/lib/bot-check-build.ts):
 * without VITE_RECAPTCHA_SITE_KEY it is `false`, each use folds away and recaptcha.ts is never bundled, so
 * that build is byte for byte the build without the feature.
 */
import { RECAPTCHA_ORIGIN, RECAPTCHA_SITE_KEY } from "@/lib/bot-check-build";
import { retryingImport } from "@/lib/retrying-import";
import type { Recaptcha } from "./recaptcha";

/** Whether the last request could not be sent because the check could not run (the form says so). */
let blocked = false;

// Pure: a build without the check drops it, and with it the chunk it would import.
const loadRecaptcha = /* @__PURE__ */ retryingImport(
  async (): Promise<Recaptcha> =>
    (await import("./recaptcha")).createRecaptcha({
      siteKey: RECAPTCHA_SITE_KEY,
      origin: RECAPTCHA_ORIGIN,
    }),
);

/**
 * Loads the check once the visitor shows intent: focus or typing in the field. Never on page load:
 * a visitor who only reads pays nothing. A field focused before the app started counts too.
 */
export function loadOnIntent(field: HTMLInputElement): void {
  const warmUp = () => {
    field.removeEventListener("focus", warmUp);
    field.removeEventListener("input", warmUp);
    void loadRecaptcha().then((recaptcha) => {
      recaptcha.returnFocusTo(field.form?.querySelector("button[type=submit]") ?? null);
      recaptcha.warmUp();
    });
  };
  if (field.ownerDocument.activeElement === field || field.value !== "") {
    warmUp();
    return;
  }
  field.addEventListener("focus", warmUp);
  field.addEventListener("input", warmUp);
}

/** Runs `send` with a fresh token (each request, retries included); a send without intent loads it. */
export async function withBotCheckToken<T>(send: (token: string) => Promise<T>): Promise<T> {
  try {
    const result = (await loadRecaptcha()).withFreshToken(async (token) => {
      blocked = false;
      return send(token);
    });
    return await result;
  } catch (error) {
    blocked = error instanceof Error && error.name === "BotCheckUnavailableError";
    throw error;
  }
}

/** The last signup failed because the check could not run: the form says what to do. */
export const botCheckBlocked = (): boolean => blocked;
