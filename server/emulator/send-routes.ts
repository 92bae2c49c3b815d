/**
 * The two send endpoints EmailJS has: faults first (a test can fail any send), then EmailJS's own
 * limits and checks; an accepted send goes to the outbox with the two emails it makes.
 * The order: faults, the outage, who may call (origin checks, before anything is counted), the
 * rate, the ids, the template's reCAPTCHA, the quota.
 */
import { STATUS_CODES } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import type { EmailTemplate } from "../../emails/email-template";
import { type createFaultSwitch, describeFault } from "./faults";
import type { createLimitSwitch } from "./limits";
import { renderMessages } from "./messages";
import type { Outbox } from "./outbox";
import {
  type EmailRequest,
  isPlainObject,
  parseFormSend,
  parseJsonSend,
  readBody,
  SEND_FORM_PATH,
  SEND_PATH,
  toOutboxEntry,
} from "./protocol";
import { answerPreflight, reply } from "./replies";
import type { RequestContext, Route } from "./routes";
import type { CheckSwitch } from "./server-checks";

/** A refused send: its answer, and (for the terminal) why, when the answer does not say. */
type Refusal = { status: number; body: string; why?: string };

/** The ids this emulator accepts, as the site is built with them. */
type AcceptedIds = { publicKey: string; serviceId: string; templateId: string };

type SendDeps = {
  accepted: AcceptedIds;
  faults: ReturnType<typeof createFaultSwitch>;
  limits: ReturnType<typeof createLimitSwitch>;
  /** EmailJS's server checks: allowed origins, non-browser calls, the template's reCAPTCHA. */
  checks: CheckSwitch;
  outbox: Outbox;
  /** The two emails, rendered once when the emulator starts. */
  templates: Promise<readonly EmailTemplate[]>;
  maxBodyBytes: number;
  /** Ends pending fault delays when the server closes, so close() never waits for a timer. */
  lifetime: AbortSignal;
  log: (line: string) => void;
};

export function sendRoutes(deps: SendDeps): Route[] {
  const { accepted, faults, limits, checks, outbox, templates, lifetime, log } = deps;
  const refuse = (response: RequestContext["response"], to: string, refusal: Refusal) => {
    log(`Send for ${to} refused: ${refusal.status} ${refusal.why ?? refusal.body}`);
    reply(response, refusal.status, refusal.body);
  };

  const handleEmail = async ({ request, response }: RequestContext, email: EmailRequest) => {
    const params = isPlainObject(email.templateParams) ? email.templateParams : {};
    const to = typeof params.email === "string" ? JSON.stringify(params.email) : "(no email param)";
    // Faults come before validation, as a real outage would: a test can fail any send it makes.
    const fault = faults.take(params);
    if (fault) log(`Fault applied to ${to} via ${email.endpoint}: ${describeFault(fault)}`);
    if (fault?.hang) return;
    if (fault?.delayMs) await sleep(fault.delayMs, undefined, { signal: lifetime });
    if (fault?.drop) {
      request.socket.destroy();
      return;
    }
    if (fault?.status !== undefined) {
      reply(response, fault.status, fault.body ?? STATUS_CODES[fault.status] ?? "");
      return;
    }
    // Then EmailJS's own limits and checks. A service that is down answers before it checks
    // anything; who may call is checked before anything is counted (a refused caller uses no rate
    // slot); the template's reCAPTCHA once the template is known; the quota once the send is valid.
    // A refused send never reaches the outbox.
    const origin = request.headers.origin;
    const refused = limits.outage() ?? checks.checkCaller(origin, params) ?? limits.admit();
    if (refused) {
      refuse(response, to, refused);
      return;
    }
    const entry = toOutboxEntry(email, accepted);
    const unverified = checks.checkRecaptcha(entry.template_params);
    if (unverified) {
      refuse(response, to, unverified);
      return;
    }
    const overQuota = limits.takeQuota();
    if (overQuota) {
      refuse(response, to, { ...overQuota, why: "quota used up" });
      return;
    }
    const messages = renderMessages(await templates, entry.template_params);
    await outbox.append({ ...entry, messages });
    log(`Email accepted for ${to} via ${email.endpoint}, appended to ${outbox.path}`);
    reply(response, 200, "OK");
  };

  const preflight = ({ response }: RequestContext) => answerPreflight(response);
  const body = ({ request }: RequestContext) => readBody(request, deps.maxBodyBytes);
  return [
    {
      path: SEND_PATH,
      methods: {
        POST: async (context) =>
          handleEmail(context, parseJsonSend(context.request, await body(context))),
        OPTIONS: preflight,
      },
    },
    {
      path: SEND_FORM_PATH,
      methods: {
        POST: async (context) =>
          handleEmail(context, await parseFormSend(context.request, await body(context))),
        OPTIONS: preflight,
      },
    },
  ];
}
