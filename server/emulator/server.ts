/**
 * The local EmailJS emulator on 127.0.0.1: composes the route table (the send endpoints, Plausible's
 * event API, the test controls, the inbox), answers what the table does not know, refuses a request for any other host
 * (DNS rebinding), and starts and closes the server.
 * Run: npm run emulator (EMULATOR_PORT, EMULATOR_OUTBOX, EMULATOR_RATE_LIMIT, ... override).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { NEUTRAL_EMAIL_SETTINGS } from "../../emails/email-settings";
import { renderEmailTemplatesApart } from "../../emails/render-apart";
import { listenOn, PortError } from "../ports";
import { checkControlCaller, controlRoutes } from "./control-routes";
import {
  type EmulatorOptions,
  emulatorDefaults,
  emulatorOptionsFromEnv,
  PORT_SETTING,
  REPO_ROOT,
} from "./emulator-options";
import { eventRoutes } from "./event-routes";
import { eventsPathBeside, openEvents } from "./events";
import { createFaultSwitch } from "./faults";
import { FUNNEL_PATH, INBOX_PREFIX } from "./inbox-page";
import { checkInboxCaller, inboxRoutes } from "./inbox-routes";
import { createLimitSwitch } from "./limits";
import { openOutbox } from "./outbox";
import { BodyTooLargeError, DEFAULT_MAX_BODY_BYTES, HttpError, SEND_PATH } from "./protocol";
import { createChallengeSwitch } from "./recaptcha-challenges";
import { recaptchaStandInRoutes } from "./recaptcha-stand-in";
import { createRecaptchaTokens } from "./recaptcha-tokens";
import { areaOf, refuseForeignHost, reply } from "./replies";
import { allowedMethods, findRoute, handlerFor, isOwnHost, type Route, requestUrl } from "./routes";
import { sendRoutes } from "./send-routes";
import { createCheckSwitch, describeChecks } from "./server-checks";
import { terminalSafe } from "./terminal-text";

/** How long the emulator keeps an idle connection open: longer than any client it serves does. */
const IDLE_CONNECTION_MS = 65_000;

export { emulatorOptionsFromEnv };

/**
 * After an early 413 the client may still be uploading; reading (and discarding) the rest for a
 * moment lets it read our answer instead of a connection reset, then we cut it off.
 */
const OVERSIZE_DRAIN_MS = 1000;

export type Emulator = {
  url: string;
  /** The inbox page, where a person reads the emails the signups made. */
  inboxUrl: string;
  port: number;
  outboxPath: string;
  /** Where the analytics events go: beside the outbox (events.ts). */
  eventsPath: string;
  close(): Promise<void>;
};

/**
 * Answers one request from the table: 400 for a target that is no path, 404 for an unknown path,
 * 405 with `Allow` for a method.
 */
async function dispatch(
  routes: readonly Route[],
  request: IncomingMessage,
  response: ServerResponse,
) {
  const url = requestUrl(request.url);
  const method = request.method ?? "GET";
  const area = areaOf(url.pathname);
  if (area === "control") checkControlCaller(request);
  if (area === "inbox") checkInboxCaller(request);
  const match = findRoute(routes, url.pathname);
  if (!match) {
    const hint =
      area === "inbox" ? `Read emails at ${INBOX_PREFIX}.` : `Send emails to ${SEND_PATH}.`;
    reply(response, 404, `Nothing here: ${method} ${url.pathname}. ${hint}`);
    return;
  }
  const handler = handlerFor(match.route, method);
  if (!handler) {
    const allowed = allowedMethods(match.route);
    reply(response, 405, `${url.pathname} does not accept ${method}; use ${allowed}.`, {
      Allow: allowed,
    });
    return;
  }
  await handler({ request, response, url, params: match.params });
}

/** The answer to a request that failed: a refusal with its text, or the emulator's own failure. */
function answerFailure(
  error: unknown,
  request: IncomingMessage,
  response: ServerResponse,
  log: (line: string) => void,
) {
  if (error instanceof BodyTooLargeError) {
    reply(response, 413, error.message);
    if (request.readableEnded) return;
    const cutOff = setTimeout(() => request.socket.destroy(), OVERSIZE_DRAIN_MS);
    const stop = () => {
      clearTimeout(cutOff);
      request.socket.off("close", stop);
    };
    request.once("end", stop);
    request.socket.once("close", stop);
    request.resume();
    return;
  }
  if (error instanceof HttpError) {
    reply(response, error.status, error.message);
    return;
  }
  log(`Emulator failed on ${request.method} ${request.url}: ${String(error)}`);
  reply(response, 500, `The emulator failed: ${(error as Error).message ?? String(error)}`);
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const needsDefaults = [options.port, options.publicKey, options.serviceId, options.templateId];
  const defaults = needsDefaults.includes(undefined) ? emulatorDefaults() : undefined;
  const accepted = {
    publicKey: options.publicKey ?? defaults?.publicKey ?? "",
    serviceId: options.serviceId ?? defaults?.serviceId ?? "",
    templateId: options.templateId ?? defaults?.templateId ?? "",
  };
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  // Every line, whatever a visitor put in it, reaches the terminal inert (terminal-text.ts).
  const print = options.log ?? ((line: string) => console.log(line));
  const log = (line: string) => print(terminalSafe(line));
  const outbox = await openOutbox(
    resolve(options.outboxPath ?? resolve(REPO_ROOT, ".outbox/emails.jsonl")),
    log,
    options.maxFileBytes,
  );
  const events = await openEvents(eventsPathBeside(outbox.path), log, options.maxFileBytes);
  const now = options.now ?? Date.now;
  const faults = createFaultSwitch();
  const limits = createLimitSwitch(now);
  // The stand-in for Google's verifier: one per emulator, so the tokens a page is handed are the
  // ones its sends are checked against.
  const tokens = createRecaptchaTokens(now);
  const challenges = createChallengeSwitch();
  const checks = createCheckSwitch(tokens, options.checks);
  if (options.checks) log(`EmailJS server checks on: ${describeChecks(checks.state().account)}`);
  if (options.limits) limits.set(options.limits);
  if (options.outageMs) limits.startOutage(options.outageMs);
  if (options.limits || options.outageMs)
    log(`EmailJS limits on: ${JSON.stringify(limits.state())}`);
  // Rendered apart from this process's React while the server starts listening; the emulator is
  // started once they are there, so no send waits for them.
  const templates = renderEmailTemplatesApart(options.emailSettings ?? NEUTRAL_EMAIL_SETTINGS);
  templates.catch(() => {});
  const lifetime = new AbortController();

  const routes: Route[] = [
    ...sendRoutes({
      accepted,
      faults,
      limits,
      checks,
      outbox,
      templates,
      maxBodyBytes,
      lifetime: lifetime.signal,
      log,
    }),
    ...eventRoutes({ events, log }),
    ...controlRoutes({
      faults,
      limits,
      checks,
      tokens,
      challenges,
      outbox,
      events,
      maxBodyBytes,
      log,
    }),
    ...inboxRoutes({ outbox, events }),
    // The stand-in for Google's script mints from the same tokens the reCAPTCHA check redeems.
    ...recaptchaStandInRoutes({ tokens, challenges }),
  ];

  const server = createServer(
    {
      // An idle connection is closed by its client first (Node's fetch after 4 s, or the hint
      // below less a second; browsers later), never under a request the client is sending on it:
      // with Node's 5 s, a client that reused one as the emulator closed it got ECONNRESET on a
      // busy machine. Headers must still be allowed longer than that.
      keepAliveTimeout: IDLE_CONNECTION_MS,
      headersTimeout: IDLE_CONNECTION_MS + 1000,
    },
    (request, response) => {
      const address = server.address();
      const ownPort = typeof address === "object" && address ? address.port : 0;
      if (!isOwnHost(request.headers.host, ownPort)) {
        log(
          `Refused ${request.method} ${request.url} for the host ${JSON.stringify(request.headers.host ?? "")}`,
        );
        refuseForeignHost(response, `127.0.0.1:${ownPort}`);
        return;
      }
      dispatch(routes, request, response).catch((error: unknown) => {
        // A client that hung up, or a server shutting down, has no one left to answer.
        if (lifetime.signal.aborted || request.socket.destroyed) return;
        answerFailure(error, request, response, log);
      });
    },
  );

  const port = await listenOn(
    server,
    options.port ?? defaults?.port ?? 0,
    options.portSetting ?? PORT_SETTING,
  );

  try {
    await templates;
  } catch (error) {
    server.close();
    throw new Error(`the emails could not be rendered: ${(error as Error).message}`);
  }

  let closing: Promise<void> | undefined;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    inboxUrl: `${url}${INBOX_PREFIX}`,
    port,
    outboxPath: outbox.path,
    eventsPath: events.path,
    close() {
      closing ??= new Promise<void>((done) => {
        lifetime.abort();
        server.close(() => done());
        // Hanging faults keep sockets open on purpose; a test run must not wait for them.
        server.closeAllConnections();
      }).then(() => Promise.all([outbox.settled(), events.settled()]).then(() => {}));
      return closing;
    },
  };
}

async function main() {
  const emulator = await startEmulator(emulatorOptionsFromEnv());
  console.log(`EmailJS emulator: ${emulator.url} (outbox: ${emulator.outboxPath})`);
  console.log(`Inbox: ${emulator.inboxUrl}`);
  console.log(`Funnel: ${emulator.url}${FUNNEL_PATH} (events: ${emulator.eventsPath})`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void emulator.close().then(() => process.exit(0)));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await main().catch((error: Error) => {
    // A busy or malformed port is the person's setting to change: one line says which.
    console.error(
      error instanceof PortError
        ? error.message
        : `EmailJS emulator could not start: ${error.message}`,
    );
    process.exit(1);
  });
}
