/**
 * The one place that talks to EmailJS, through its SDK. The SDK is a module of its own, run at the
 * first send: the page does not need it to paint or hydrate. The app preloads it at idle
 * (entry-client.tsx), so a send made offline or after a redeploy still has it.
 */
import { emailConfig } from "@/lib/config";
import { EMAILJS_ORIGIN } from "@/lib/email-build";
import { retryingImport } from "@/lib/retrying-import";
import type { Ticket } from "@/waitlist/core/delivery-deps";
import { waitlist } from "@/waitlist/texts";

/**
 * The SDK's limitRate in production builds: EmailJS allows one request a second, and the SDK stamps
 * the slot before sending (docs/behaviour.md, "Anti-abuse, no CAPTCHA"). The stamp stays in the page's memory:
 * nothing of it is kept in the browser.
 */
export const LIMIT_RATE = { id: "rate", throttle: 1000 };

export type WaitlistTemplateParams = {
  email: string;
  name: string;
  company: string;
  role: string;
  needs: string;
};

/** The page's memory in the shape of the SDK's storage provider. */
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

export function buildTemplateParams(email: string): WaitlistTemplateParams {
  return { email, ...waitlist.fixedParams };
}

/**
 * The page's EmailJS client: `send` is one request, resolving once EmailJS accepted the signup,
 * rejecting with the SDK's error otherwise; a ticket's parameters (the bot check's token) go with it.
 */
export function createEmailClient() {
  const loadSdk = retryingImport(async () => {
    const { init, send } = await import("@emailjs/browser");
    init(
      {
        publicKey: emailConfig.publicKey,
        blockHeadless: emailConfig.antiAbuse,
        limitRate: emailConfig.antiAbuse ? LIMIT_RATE : {},
        // SDK 4.4.1 drops its default storage when init gets options, which would switch limitRate off.
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

export type EmailClient = ReturnType<typeof createEmailClient>;
