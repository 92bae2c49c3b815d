/**
 * The one place that talks to EmailJS: initialised once on load, then one send per signup that
 * resolves or throws, with a time limit so a silent network never leaves the form waiting, and a
 * record of every address that went through, so it is never sent twice.
 */
import { init, send } from "@emailjs/browser";
import { waitlist } from "@/content/waitlist";
import { readItem, removeItem, writeItem } from "./browser-storage";
import { emailConfig } from "./config";
import { rememberSent } from "./signup-memory";

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

export class SendTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`EmailJS did not answer within ${timeoutMs} ms`);
    this.name = "SendTimeoutError";
  }
}

export function initEmailClient(): void {
  init(
    {
      publicKey: emailConfig.publicKey,
      blockHeadless: emailConfig.antiAbuse,
      limitRate: emailConfig.antiAbuse ? { id: LIMIT_RATE_ID, throttle: SEND_THROTTLE_MS } : {},
      // SDK 4.4.1 drops its default storage when init gets options, which would switch limitRate off.
      storageProvider: {
        get: async (key) => readItem("local", key),
        set: async (key, value) => writeItem("local", key, value),
        remove: async (key) => removeItem("local", key),
      },
    },
    emailConfig.origin,
  );
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

/** Sends still waiting for EmailJS's answer, by address. */
const unanswered = new Map<string, Promise<void>>();

/** One request to EmailJS. Whenever it succeeds, even after the time limit, the address is remembered. */
function startSend(email: string): Promise<void> {
  const key = email.toLowerCase();
  const delivery = send(
    emailConfig.serviceId,
    emailConfig.templateId,
    buildTemplateParams(email),
  ).then(() => rememberSent(email));
  unanswered.set(key, delivery);
  const forget = () => {
    if (unanswered.get(key) === delivery) unanswered.delete(key);
  };
  delivery.then(forget, forget);
  return delivery;
}

function withinTimeLimit(delivery: Promise<void>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new SendTimeoutError(emailConfig.timeoutMs)),
      emailConfig.timeoutMs,
    );
  });
  return Promise.race([delivery, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Sends one signup; resolves once EmailJS accepted it, throws on any failure or after the time
 * limit. A retry while an earlier send of the same address is still unanswered first gives that
 * send one more time limit to arrive, and only then sends again: a slow network does not email
 * the team twice, and a dead request does not block the visitor for good.
 */
export async function sendWaitlistSignup(email: string): Promise<void> {
  const earlier = unanswered.get(email.toLowerCase());
  if (earlier) {
    try {
      await withinTimeLimit(earlier);
      return;
    } catch {
      // It failed, or is still silent: send afresh.
    }
  }
  await withinTimeLimit(startSend(email));
}
