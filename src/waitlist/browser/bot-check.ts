/**
 * The optional bot check EmailJS verifies (reCAPTCHA v2 invisible), as the rest of the waitlist
 * sees it: an optional part of the waitlist (`botCheckPart`), handed in at start-up only where
 * `__BOT_CHECK_ON__`, a build-time constant (src/lib/bot-check-build.ts), is true: without
 * VITE_RECAPTCHA_SITE_KEY it is `false`, and recaptcha.ts is never bundled.
 */
import { RECAPTCHA_ORIGIN, RECAPTCHA_SITE_KEY } from "@/lib/bot-check-build";
import { retryingImport } from "@/lib/retrying-import";
import type { SignupPart } from "./browser-signup";
import type { Recaptcha } from "./recaptcha";
import type { BotCheckFailure } from "./recaptcha-challenge";

export type { BotCheckFailure };

/**
 * Loads the check once the visitor shows intent on this page view: focus or typing in the field (a
 * field focused before the app started counts too). Never on page load, and never for a value the
 * browser put back in the field or a pending signup found in storage: a visitor who only reads
 * pays nothing, and Google hears of no one who did not act.
 */
function loadOnIntent(load: () => Promise<Recaptcha>, field: HTMLInputElement): void {
  const warmUp = () => {
    field.removeEventListener("focus", warmUp);
    field.removeEventListener("input", warmUp);
    void load().then((recaptcha) => {
      recaptcha.returnFocusTo(field.form?.querySelector("button[type=submit]") ?? null);
      recaptcha.warmUp();
    });
  };
  if (field.ownerDocument.activeElement === field) {
    warmUp();
    return;
  }
  field.addEventListener("focus", warmUp);
  field.addEventListener("input", warmUp);
}

/**
 * The page's bot check, made at start-up with the rest of the page's waitlist (browser-signup.ts);
 * Google's client is loaded on first need, and kept once loaded.
 */
export function createBotCheck() {
  /** The client once loaded: what only a loaded check can owe (focus) is asked of it, nothing loads. */
  let loaded: Recaptcha | undefined;
  const load = retryingImport(async (): Promise<Recaptcha> => {
    loaded = (await import("./recaptcha")).createRecaptcha({
      siteKey: RECAPTCHA_SITE_KEY,
      origin: RECAPTCHA_ORIGIN,
    });
    return loaded;
  });
  return {
    /** Loads the check once the visitor shows intent in `field` (`loadOnIntent`). */
    loadOnIntent: (field: HTMLInputElement): void => loadOnIntent(load, field),
    /**
     * A fresh token for one request, taken before the request starts (each try, retries included);
     * it may wait for the visitor to answer Google's challenge, which `onAsking` reports. Only a
     * delivery the visitor started calls it (a submit, or the note's button), so it loads the check
     * if need be.
     */
    token: async (signal: AbortSignal, onAsking: (asking: boolean) => void): Promise<string> =>
      (await load()).token(signal, onAsking),
    /**
     * The form shows how a signup ended and its button is usable again: focus Google's challenge
     * took in a turn that gave no token comes back to the button now, so a screen reader hears it
     * say Join Waitlist, never a stale Joining....
     */
    formSettled: (): void => {
      loaded?.formSettled();
    },
  };
}

/** The template parameter EmailJS reads a reCAPTCHA token from. */
const RECAPTCHA_PARAM = "g-recaptcha-response";

/**
 * The check as a part of the waitlist: a fresh token with each request, loaded on the visitor's
 * intent in the field, focus given back once the form has settled.
 */
export function botCheckPart(): SignupPart {
  const check = createBotCheck();
  return {
    ticket: async (signal, onAsking) => ({
      [RECAPTCHA_PARAM]: await check.token(signal, onAsking),
    }),
    onField: check.loadOnIntent,
    onSettled: check.formSettled,
  };
}

/** Why a failed signup got no token, if that is why it failed: the form says what to do. */
export function botCheckFailureOf(error: unknown): BotCheckFailure | undefined {
  if (!(error instanceof Error) || error.name !== "BotCheckUnavailableError") return undefined;
  return (error as Error & { reason: BotCheckFailure }).reason;
}
