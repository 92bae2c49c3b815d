/**
 * EmailJS's own server checks as the emulator plays them, all off unless asked for: the account's
 * allowed origins, its refusal of non-browser calls, and a template that requires reCAPTCHA (the
 * token redeemed once with the emulator's stand-in verifier). Account-wide, or for one address at
 * run time so tests running side by side never see each other's checks.
 */
import { HttpError, isPlainObject, kindOf } from "./protocol";
import type { RecaptchaTokens, TokenVerdict } from "./recaptcha-tokens";

export type ServerChecks = {
  /**
   * Account > Security > Allowed origins: a send whose Origin is not on the list is refused. Each
   * entry an origin (`https://bulwark.example`) or a bare host (`bulwark.example`, any scheme).
   */
  allowedOrigins?: readonly string[];
  /** Account > Security: API calls from non-browser applications refused (a send with no Origin). */
  refuseNonBrowser?: boolean;
  /** The template's "Use reCAPTCHA" setting: a send needs a fresh token as g-recaptcha-response. */
  recaptcha?: boolean;
};

/** What `POST /__emulator/checks` takes: checks for the account, or only for one address. */
export type ChecksUpdate = ServerChecks & { match?: { email: string } };

/** What the switch holds now, as `GET /__emulator/checks` answers it. */
export type ChecksState = { account: ServerChecks; byEmail: Record<string, ServerChecks> };

/** A send a check refuses, with the answer it gets and a line for the terminal. */
type Refusal = { status: number; body: string; why: string };

/** The template parameter reCAPTCHA v2's widget fills, and EmailJS reads. */
export const RECAPTCHA_PARAM = "g-recaptcha-response";

/** EmailJS's documented answer to a call with no browser behind it. */
const NON_BROWSER: Refusal = {
  status: 403,
  body: "API calls are disabled for non-browser applications",
  why: "no Origin header (non-browser calls refused)",
};
/** EmailJS documents the text; the status is not documented, 400 like its other refusals of a send. */
const RECAPTCHA_MISSING: Refusal = {
  status: 400,
  body: `reCAPTCHA: The ${RECAPTCHA_PARAM} parameter not found`,
  why: `no ${RECAPTCHA_PARAM} in template_params (the template requires reCAPTCHA)`,
};
/**
 * EmailJS does not document its answer to a token Google rejects; the emulator names Google's own
 * siteverify error code: an unknown token is `invalid-input-response`, a used or expired one
 * `timeout-or-duplicate`.
 */
const GOOGLE_ERROR: Record<Exclude<TokenVerdict, "valid">, string> = {
  unknown: "invalid-input-response",
  used: "timeout-or-duplicate",
  expired: "timeout-or-duplicate",
};
function recaptchaRejected(verdict: Exclude<TokenVerdict, "valid">): Refusal {
  return {
    status: 400,
    body: `reCAPTCHA: The ${RECAPTCHA_PARAM} is invalid (${GOOGLE_ERROR[verdict]})`,
    why: `the reCAPTCHA token is ${verdict === "unknown" ? "not one the verifier issued" : verdict}`,
  };
}
/** EmailJS does not document its answer to an origin off the list: the emulator picks 403. */
function originRefused(origin: string, allowed: readonly string[]): Refusal {
  return {
    status: 403,
    body: `The origin ${origin} is not in this account's allowed origins`,
    why: `Origin ${origin} is not an allowed origin (allowed: ${allowed.join(", ")})`,
  };
}

/** An entry of the dashboard's list against a browser's Origin: origin for origin, or host for host. */
function originMatches(entry: string, origin: string): boolean {
  const wanted = entry.trim().replace(/\/+$/, "").toLowerCase();
  let sent: URL;
  try {
    sent = new URL(origin);
  } catch {
    return false;
  }
  if (wanted.includes("://")) {
    try {
      return new URL(wanted).origin === sent.origin;
    } catch {
      return false;
    }
  }
  return wanted === sent.host;
}

const CHECK_FIELDS = ["allowedOrigins", "refuseNonBrowser", "recaptcha"];

function parseOrigins(value: unknown, fail: (message: string) => never): readonly string[] {
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== "string" || !entry.trim())) {
    return fail('allowedOrigins must be a list of origins, like ["https://bulwark.example"].');
  }
  return value as string[];
}

/** Checks posted to the switch; anything off is a 400 that says what to send instead. */
export function parseChecks(value: unknown): ChecksUpdate {
  const fail = (message: string): never => {
    throw new HttpError(400, `Invalid checks: ${message}`);
  };
  if (!isPlainObject(value)) return fail(`expected a JSON object, got ${kindOf(value)}.`);
  const fields = [...CHECK_FIELDS, "match"];
  const unknown = Object.keys(value).filter((key) => !fields.includes(key));
  if (unknown.length > 0) fail(`unknown field ${unknown.join(", ")}; use ${fields.join(", ")}.`);
  const { allowedOrigins, refuseNonBrowser, recaptcha, match } = value;
  if (allowedOrigins !== undefined) parseOrigins(allowedOrigins, fail);
  for (const [name, flag] of [
    ["refuseNonBrowser", refuseNonBrowser],
    ["recaptcha", recaptcha],
  ] as const) {
    if (flag !== undefined && typeof flag !== "boolean") fail(`${name} must be true or false.`);
  }
  if (match !== undefined && !(isPlainObject(match) && typeof match.email === "string")) {
    fail('match must look like {"email": "someone@example.com"}.');
  }
  return value as ChecksUpdate;
}

/** `EMULATOR_ALLOWED_ORIGINS`: a comma list, as the dashboard takes them. */
export function parseOriginsSetting(text: string, setting: string): readonly string[] {
  const origins = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of origins) {
    const valid = entry.includes("://") ? URL.canParse(entry) : /^[\w.-]+(:\d+)?$/.test(entry);
    if (!valid) {
      throw new Error(
        `${setting} must be a comma list of origins like https://bulwark.example; got '${entry}'.`,
      );
    }
  }
  return origins;
}

/** `EMULATOR_REFUSE_NON_BROWSER`, `EMULATOR_RECAPTCHA`: 1 or true on, 0 or false off. */
export function parseSwitchSetting(text: string, setting: string): boolean {
  const value = text.trim().toLowerCase();
  if (value === "1" || value === "true") return true;
  if (value === "0" || value === "false") return false;
  throw new Error(`${setting} must be 1 (on) or 0 (off); got '${text}'.`);
}

/** The checks in a few words, for the terminal. */
export function describeChecks(checks: ServerChecks): string {
  const on = [
    checks.allowedOrigins?.length ? `allowed origins ${checks.allowedOrigins.join(", ")}` : "",
    checks.refuseNonBrowser ? "non-browser calls refused" : "",
    checks.recaptcha ? "reCAPTCHA required" : "",
  ].filter(Boolean);
  return on.length > 0 ? on.join("; ") : "none";
}

export type CheckSwitch = {
  /** Replaces the account's checks, or (with `match`) one address's, which then override them. */
  set(update: ChecksUpdate): void;
  /** Switches every check off, or only one address's (back to the account's). */
  clear(email?: string): void;
  /** Who may send: the origin checks, before anything is counted. */
  checkCaller(origin: string | undefined, params: Record<string, unknown>): Refusal | undefined;
  /** Once the template is known: its reCAPTCHA, redeeming the token (a used token never works twice). */
  checkRecaptcha(params: Record<string, unknown>): Refusal | undefined;
  state(): ChecksState;
};

function only(checks: ServerChecks): ServerChecks {
  const { allowedOrigins, refuseNonBrowser, recaptcha } = checks;
  return {
    ...(allowedOrigins === undefined ? {} : { allowedOrigins: [...allowedOrigins] }),
    ...(refuseNonBrowser === undefined ? {} : { refuseNonBrowser }),
    ...(recaptcha === undefined ? {} : { recaptcha }),
  };
}

export function createCheckSwitch(
  tokens: RecaptchaTokens,
  initial: ServerChecks = {},
): CheckSwitch {
  let account = only(initial);
  const byEmail = new Map<string, ServerChecks>();
  const checksFor = (params: Record<string, unknown>) =>
    (typeof params.email === "string" ? byEmail.get(params.email) : undefined) ?? account;

  return {
    set(update) {
      if (update.match) byEmail.set(update.match.email, only(update));
      else account = only(update);
    },
    clear(email) {
      if (email !== undefined) {
        byEmail.delete(email);
        return;
      }
      account = {};
      byEmail.clear();
    },
    checkCaller(origin, params) {
      const checks = checksFor(params);
      // A browser always names the page's origin on a cross-origin POST; a script need not.
      if (origin === undefined) return checks.refuseNonBrowser ? NON_BROWSER : undefined;
      const allowed = checks.allowedOrigins ?? [];
      if (allowed.length === 0 || allowed.some((entry) => originMatches(entry, origin))) {
        return undefined;
      }
      return originRefused(origin, allowed);
    },
    checkRecaptcha(params) {
      if (!checksFor(params).recaptcha) return undefined;
      const token = params[RECAPTCHA_PARAM];
      if (typeof token !== "string" || token === "") return RECAPTCHA_MISSING;
      const verdict = tokens.redeem(token);
      return verdict === "valid" ? undefined : recaptchaRejected(verdict);
    },
    state: () => ({
      account: only(account),
      byEmail: Object.fromEntries([...byEmail].map(([email, checks]) => [email, only(checks)])),
    }),
  };
}
