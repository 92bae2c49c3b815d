/**
 * The test controls (/__emulator/*): the fault switch, EmailJS's limits and outage, its server
 * checks, a reCAPTCHA token from the stand-in verifier, the stand-in's challenges, the outbox and
 * the analytics events, for test code on this machine (Node's fetch, Playwright's request), never
 * for a web page.
 */
import type { IncomingMessage } from "node:http";
import type { Events } from "./events";
import type { createFaultSwitch } from "./faults";
import { parseFault } from "./faults";
import { type createLimitSwitch, parseLimits, parseOutage } from "./limits";
import type { Outbox } from "./outbox";
import { HttpError, readBody } from "./protocol";
import { type ChallengeSwitch, parseChallenge } from "./recaptcha-challenges";
import type { RecaptchaTokens } from "./recaptcha-tokens";
import { replyJson } from "./replies";
import type { RequestContext, Route } from "./routes";
import { type CheckSwitch, describeChecks, parseChecks } from "./server-checks";

const FAULTS_PATH = "/__emulator/faults";
const OUTBOX_PATH = "/__emulator/outbox";
const EVENTS_PATH = "/__emulator/events";
const LIMITS_PATH = "/__emulator/limits";
const OUTAGE_PATH = "/__emulator/outage";
const CHECKS_PATH = "/__emulator/checks";
const RECAPTCHA_TOKEN_PATH = "/__emulator/recaptcha-token";
const RECAPTCHA_CHALLENGES_PATH = "/__emulator/recaptcha-challenges";

type ControlDeps = {
  faults: ReturnType<typeof createFaultSwitch>;
  limits: ReturnType<typeof createLimitSwitch>;
  checks: CheckSwitch;
  tokens: RecaptchaTokens;
  challenges: ChallengeSwitch;
  outbox: Outbox;
  events: Events;
  maxBodyBytes: number;
  log: (line: string) => void;
};

/**
 * A browser names the page's origin (Origin) or where the request comes from (Sec-Fetch-Site), and
 * only a person typing the address into the browser ("none") may look.
 */
export function checkControlCaller(request: IncomingMessage): void {
  const site = request.headers["sec-fetch-site"];
  if (request.headers.origin !== undefined || (site !== undefined && site !== "none")) {
    throw new HttpError(403, "The emulator's test controls answer test code, not web pages.");
  }
}

/** A control's body: JSON, declared as such (a page's form or text/plain POST never is). */
async function readControlJson(
  { request }: RequestContext,
  maxBodyBytes: number,
  what: string,
): Promise<unknown> {
  const body = await readBody(request, maxBodyBytes);
  const type = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") {
    throw new HttpError(415, `Invalid ${what}: send it as Content-Type: application/json.`);
  }
  try {
    return JSON.parse(body.toString("utf8"));
  } catch (error) {
    throw new HttpError(400, `Invalid ${what}: the body is not JSON: ${(error as Error).message}`);
  }
}

export function controlRoutes(deps: ControlDeps): Route[] {
  const { faults, limits, checks, tokens, challenges, outbox, events, maxBodyBytes, log } = deps;
  const faultState = ({ response }: RequestContext) =>
    replyJson(response, 200, { pending: faults.pending() });
  const limitState = ({ response }: RequestContext) => replyJson(response, 200, limits.state());
  const checkState = ({ response }: RequestContext) => replyJson(response, 200, checks.state());
  const challengeState = ({ response }: RequestContext) =>
    replyJson(response, 200, { pending: challenges.pending() });
  return [
    {
      path: FAULTS_PATH,
      methods: {
        GET: faultState,
        POST: async (context) => {
          faults.add(parseFault(await readControlJson(context, maxBodyBytes, "fault")));
          faultState(context);
        },
        DELETE: (context) => {
          faults.clear();
          faultState(context);
        },
      },
    },
    {
      path: OUTBOX_PATH,
      methods: {
        GET: async ({ response, url }) =>
          replyJson(response, 200, await outbox.list(url.searchParams.get("email"))),
      },
    },
    {
      // The analytics events the site sent to Plausible's event API, oldest first.
      path: EVENTS_PATH,
      methods: {
        GET: async ({ response, url }) =>
          replyJson(response, 200, await events.list(url.searchParams.get("name"))),
        DELETE: async ({ response }) => {
          await events.clear();
          replyJson(response, 200, []);
        },
      },
    },
    {
      path: LIMITS_PATH,
      methods: {
        GET: limitState,
        POST: async (context) => {
          limits.set(parseLimits(await readControlJson(context, maxBodyBytes, "limits")));
          log(`Limits set: ${JSON.stringify(limits.state())}`);
          limitState(context);
        },
        DELETE: (context) => {
          limits.clear();
          limitState(context);
        },
      },
    },
    {
      path: OUTAGE_PATH,
      methods: {
        POST: async (context) => {
          limits.startOutage(parseOutage(await readControlJson(context, maxBodyBytes, "outage")));
          log(`Outage: every send answers 503 for ${limits.state().outageRemainingMs} ms`);
          limitState(context);
        },
        DELETE: (context) => {
          limits.startOutage(0);
          limitState(context);
        },
      },
    },
    {
      path: CHECKS_PATH,
      methods: {
        GET: checkState,
        POST: async (context) => {
          const update = parseChecks(await readControlJson(context, maxBodyBytes, "checks"));
          checks.set(update);
          const whom = update.match ? `for ${JSON.stringify(update.match.email)}` : "account-wide";
          log(`Server checks set ${whom}: ${describeChecks(update)}`);
          checkState(context);
        },
        DELETE: (context) => {
          checks.clear(context.url.searchParams.get("email") ?? undefined);
          checkState(context);
        },
      },
    },
    {
      // Google asks the visitor a question first: the stand-in's next executes show a challenge.
      path: RECAPTCHA_CHALLENGES_PATH,
      methods: {
        GET: challengeState,
        POST: async (context) => {
          const challenge = parseChallenge(
            await readControlJson(context, maxBodyBytes, "challenge"),
          );
          challenges.add(challenge);
          log(`reCAPTCHA challenge queued: ${JSON.stringify(challenge)}`);
          challengeState(context);
        },
        DELETE: (context) => {
          challenges.clear();
          challengeState(context);
        },
      },
    },
    {
      // What Google's widget hands a page after a passed challenge, for test code that plays it.
      path: RECAPTCHA_TOKEN_PATH,
      methods: {
        POST: ({ response }) => replyJson(response, 200, { token: tokens.issue() }),
      },
    },
  ];
}
