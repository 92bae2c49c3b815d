/**
 * The one place that talks to EmailJS. The SDK is a module of its own, run at the first send: the
 * page does not need it to paint or hydrate. The app preloads it at idle (entry-client.tsx), so a
 * send made offline or after a redeploy still has it and can report its outcome.
 */
import { waitlist } from "@/content/waitlist";
import { safeStore } from "./browser-storage";
import { emailConfig } from "./config";
import { retryingImport } from "./retrying-import";

/** EmailJS allows one request a second; the SDK stamps the slot before sending (PRODUCT.md §1). */
const SEND_THROTTLE_MS = 1000;
const LIMIT_RATE_ID = "bulwark:waitlist:rate";

export type WaitlistTemplateParams = {
  email: string;
  name: string;
  company: string;
  role: string;
  needs: string;
};

type Sdk = typeof import("@emailjs/browser");

/** Imports the SDK and initialises it with the public key, once it has loaded. */
const loadSdk = retryingImport(async (): Promise<Sdk> => {
  const sdk = await import("@emailjs/browser");
  const storage = safeStore(globalThis, "localStorage");
  sdk.init(
    {
      publicKey: emailConfig.publicKey,
      blockHeadless: emailConfig.antiAbuse,
      limitRate: emailConfig.antiAbuse ? { id: LIMIT_RATE_ID, throttle: SEND_THROTTLE_MS } : {},
      // SDK 4.4.1 drops its default storage when init gets options, which would switch limitRate off.
      storageProvider: {
        get: async (key) => storage.getItem(key),
        set: async (key, value) => storage.setItem(key, value),
        remove: async (key) => storage.removeItem(key),
      },
    },
    emailConfig.origin,
  );
  return sdk;
});

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

/** One request to EmailJS: resolves once it accepted the signup, rejects otherwise. */
export async function sendWaitlistEmail(email: string): Promise<void> {
  const sdk = await loadSdk();
  await sdk.send(emailConfig.serviceId, emailConfig.templateId, buildTemplateParams(email));
}
