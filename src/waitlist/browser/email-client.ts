/**
 * The one place that talks to EmailJS. The SDK is a module of its own, run at the first send: the
 * page does not need it to paint or hydrate. The app preloads it at idle (entry-client.tsx), so a
 * send made offline or after a redeploy still has it and can report its outcome.
 */
import { emailConfig } from "@/lib/config";
import { EMAILJS_ORIGIN } from "@/lib/email-build";
import { retryingImport } from "@/lib/retrying-import";
import type { KeyValueStore } from "@/waitlist/core/key-value-store";
import { parseRetryAfter } from "@/waitlist/core/retry-policy";
import { SITE_KEYS } from "@/waitlist/core/storage-keys";
import { waitlist } from "@/waitlist/texts";
import { safeStore } from "./browser-storage";

/**
 * The SDK's limitRate in production builds: EmailJS allows one request a second, and the SDK stamps
 * the slot before sending (docs/behaviour.md, "Launch day").
 */
export const LIMIT_RATE = { id: SITE_KEYS.rate, throttle: 1000 };

export type WaitlistTemplateParams = {
  email: string;
  name: string;
  company: string;
  role: string;
  needs: string;
};

/** What the site uses of the SDK: destructured from its import, so its form sender is left out. */
type Sdk = Pick<typeof import("@emailjs/browser"), "send">;

/**
 * Storage for the SDK's limitRate stamp that drops a stamp from the future: written while the
 * clock ran ahead, it would refuse every send for as long as it ran ahead.
 */
export function rateStampStore(storage: KeyValueStore, now: () => number) {
  return {
    get: async (key: string) => {
      const value = storage.getItem(key);
      if (key === LIMIT_RATE.id && Number(value) > now()) {
        storage.removeItem(key);
        return null;
      }
      return value;
    },
    set: async (key: string, value: string) => storage.setItem(key, value),
    remove: async (key: string) => storage.removeItem(key),
  };
}

/** A readable line for the console: the SDK rejects with a status object, a string or an Error. */
export function describeSendError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  if (error && typeof error === "object" && "status" in error && "text" in error) {
    return `HTTP ${String(error.status)} ${String(error.text)}`;
  }
  return String(error);
}

export function buildTemplateParams(email: string): WaitlistTemplateParams {
  return { email, ...waitlist.fixedParams };
}

/** The field EmailJS reads a reCAPTCHA token from, in the template's parameters. */
const RECAPTCHA_PARAM = "g-recaptcha-response";

/**
 * The page's EmailJS client, made at start-up with the rest of the page's waitlist
 * (browser-signup.ts). Its SDK is a module of its own, loaded at the first send (again at the next
 * where it could not be); the fetch it calls is watched on the way through for the Retry-After of
 * EmailJS's answers, which the SDK hides (nothing about the request or response changes).
 */
export function createEmailClient(scope: typeof globalThis = globalThis) {
  /** The Retry-After of EmailJS's answer to the send under way (a page sends one at a time). */
  let retryAfter: string | null = null;

  const loadSdk = retryingImport(async (): Promise<Sdk> => {
    const { init, send } = await import("@emailjs/browser");
    const plainFetch = scope.fetch;
    scope.fetch = async (input, init) => {
      const response = await plainFetch(input, init);
      if (String(input instanceof Request ? input.url : input).startsWith(EMAILJS_ORIGIN)) {
        retryAfter = response.headers.get("Retry-After");
      }
      return response;
    };
    init(
      {
        publicKey: emailConfig.publicKey,
        blockHeadless: emailConfig.antiAbuse,
        limitRate: emailConfig.antiAbuse ? LIMIT_RATE : {},
        // SDK 4.4.1 drops its default storage when init gets options, which would switch limitRate off.
        storageProvider: rateStampStore(safeStore(scope, "localStorage"), Date.now),
      },
      EMAILJS_ORIGIN,
    );
    return { send };
  });

  /** The SDK's refusal of this send, given the wait a Retry-After it carried asked for. */
  function withRetryAfter(error: unknown): unknown {
    const retryAfterMs = parseRetryAfter(retryAfter, Date.now());
    if (retryAfterMs !== undefined && error && typeof error === "object") {
      Object.assign(error, { retryAfterMs });
    }
    return error;
  }

  /**
   * sendWaitlistEmail with the bot check's token. Its own copy of the send, not a shared helper: a
   * build without the check must stay byte for byte what it was, and the minifier does not inline.
   */
  async function sendWithToken(email: string, token: string): Promise<void> {
    const sdk = await loadSdk();
    retryAfter = null;
    try {
      await sdk.send(emailConfig.serviceId, emailConfig.templateId, {
        ...buildTemplateParams(email),
        [RECAPTCHA_PARAM]: token,
      });
    } catch (error) {
      throw withRetryAfter(error);
    }
  }

  /**
   * One request to EmailJS: resolves once it accepted the signup, rejects otherwise, with the SDK's
   * error; an HTTP answer that carried Retry-After gets `retryAfterMs`. With the bot check on, each
   * request (each retry too) carries the fresh token taken for it before it started (bot-check.ts).
   */
  async function sendWaitlistEmail(email: string, token?: string): Promise<void> {
    if (__BOT_CHECK_ON__) return sendWithToken(email, token ?? "");
    const sdk = await loadSdk();
    retryAfter = null;
    try {
      await sdk.send(emailConfig.serviceId, emailConfig.templateId, buildTemplateParams(email));
    } catch (error) {
      throw withRetryAfter(error);
    }
  }

  return { send: sendWaitlistEmail };
}

export type EmailClient = ReturnType<typeof createEmailClient>;
