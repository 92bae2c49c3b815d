/** The one place that talks to EmailJS, through its SDK: a chunk of its own, preloaded at idle. */
import { emailConfig } from "@/lib/config";
import { EMAILJS_ORIGIN } from "@/lib/email-build";
import { retryingImport } from "@/lib/retrying-import";
import type { Ticket } from "@/waitlist/core/delivery-deps";
import { waitlist } from "@/waitlist/texts";

/** The SDK's limitRate in production builds (docs/behaviour.md, "Anti-abuse, no CAPTCHA"). */
export const LIMIT_RATE = { id: "rate", throttle: 1000 };

/** The page's memory in the shape of the SDK's storage provider: nothing kept in the browser. */
export function memoryProvider() {
  const items = new Map<string, string>();
  return {
    get: async (key: string) => items.get(key) ?? null,
    set: async (key: string, value: string) => void items.set(key, value),
    remove: async (key: string) => void items.delete(key),
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

export const buildTemplateParams = (email: string) => ({ email, ...waitlist.fixedParams });

/** The page's EmailJS client: `send` resolves once EmailJS accepted, with a ticket's parameters. */
export function createEmailClient() {
  const loadSdk = retryingImport(async () => {
    const { init, send } = await import("@emailjs/browser");
    init(
      {
        publicKey: emailConfig.publicKey,
        blockHeadless: emailConfig.antiAbuse,
        limitRate: emailConfig.antiAbuse ? LIMIT_RATE : {},
        // SDK 4.4.1 drops its default storage when init gets options: limitRate would be off.
        storageProvider: memoryProvider(),
      },
      EMAILJS_ORIGIN,
    );
    return send;
  });
  return {
    async send(email: string, ticket?: Ticket): Promise<void> {
      const send = await loadSdk();
      await send(emailConfig.serviceId, emailConfig.templateId, {
        ...buildTemplateParams(email),
        ...ticket,
      });
    },
  };
}
