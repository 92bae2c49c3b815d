/** The optional bot check as a part of the waitlist (docs/behaviour.md, "The bot check (optional)"). */
import { RECAPTCHA_ORIGIN, RECAPTCHA_SITE_KEY } from "@/lib/bot-check-build";
import { retryingImport } from "@/lib/retrying-import";
import type { SignupPart } from "./browser-signup";
import type { Recaptcha } from "./recaptcha";
import type { BotCheckFailure } from "./recaptcha-challenge";

export type { BotCheckFailure };

/** Loads the check on intent in the field: focus or typing (docs/behaviour.md, "The bot check (optional)"). */
function loadOnIntent(load: () => Promise<Recaptcha>, field: HTMLInputElement): void {
  const warmUp = () => {
    field.removeEventListener("focus", warmUp);
    field.removeEventListener("input", warmUp);
    void load().then((recaptcha) => {
      recaptcha.returnFocusTo(field.form?.querySelector("button[type=submit]") ?? null);
      recaptcha.warmUp();
    });
  };
  field.addEventListener("focus", warmUp);
  field.addEventListener("input", warmUp);
  // A field focused before the app started counts too.
  if (field.ownerDocument.activeElement === field) warmUp();
}

/** The page's bot check: Google's client loaded on first need, and kept once loaded. */
export function createBotCheck() {
  /** The client once loaded: focus, which only a loaded check can owe, is asked of it alone. */
  let loaded: Recaptcha | undefined;
  const load = retryingImport(async (): Promise<Recaptcha> => {
    const { createRecaptcha } = await import("./recaptcha");
    loaded = createRecaptcha({ siteKey: RECAPTCHA_SITE_KEY, origin: RECAPTCHA_ORIGIN });
    return loaded;
  });
  return {
    loadOnIntent: (field: HTMLInputElement): void => loadOnIntent(load, field),
    /** A fresh token for one request: only a send the visitor started asks, so it may load. */
    token: async (signal: AbortSignal, onAsking: (asking: boolean) => void): Promise<string> =>
      (await load()).token(signal, onAsking),
    formSettled: (): void => loaded?.formSettled(),
  };
}

/** The check as a part of the waitlist: a token with each request, as EmailJS reads it. */
export function botCheckPart(): SignupPart {
  const check = createBotCheck();
  return {
    ticket: async (signal, onAsking) => ({
      "g-recaptcha-response": await check.token(signal, onAsking),
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
