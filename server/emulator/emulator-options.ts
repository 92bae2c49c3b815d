/**
 * What an emulator is started with: the options of `startEmulator`, their defaults from
 * .env.emulator (the ids and port the local site is built with), and the settings `npm run
 * emulator`, `npm start` and `npm run dev` read from the environment.
 */
import { fileURLToPath } from "node:url";
import { loadEnv } from "vite";
import { type EmailSettings, readEmailSettings } from "../../emails/email-settings";
import { readPort } from "../ports";
import { type Limits, parseCountSetting, parseRateSetting } from "./limits";
import { parseOriginsSetting, parseSwitchSetting, type ServerChecks } from "./server-checks";

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const EMULATOR_ENV_FILE = ".env.emulator";
const EMULATOR_MODE = "emulator";
/** The setting that chooses the emulator's port, named in the message when the port is busy. */
export const PORT_SETTING = "EMULATOR_PORT";

export type EmulatorOptions = {
  /** Default: EMULATOR_PORT from the environment or .env.emulator. 0 picks a free port. */
  port?: number;
  /** The setting a person changes when `port` is busy. Default: EMULATOR_PORT. */
  portSetting?: string;
  outboxPath?: string;
  publicKey?: string;
  serviceId?: string;
  templateId?: string;
  maxBodyBytes?: number;
  /** The outbox's and the events file's cap, each (json-lines.ts). Default: 64 MiB. */
  maxFileBytes?: number;
  /** EmailJS's limits, off unless given; tests switch them at run time on /__emulator/limits. */
  limits?: Limits;
  /** Every send answers 503 for this long after the start (also /__emulator/outage). */
  outageMs?: number;
  /**
   * EmailJS's server checks (allowed origins, non-browser calls refused, the template's reCAPTCHA),
   * off unless given; tests switch them at run time on /__emulator/checks, per address if need be.
   */
  checks?: ServerChecks;
  /** What the two emails bake in (the site's address, privacy settings, the team's address). */
  emailSettings?: EmailSettings;
  /** The clock of the limits and the outage; tests pass their own. */
  now?: () => number;
  log?: (line: string) => void;
};

/** The local environment: the shell's settings over .env.emulator's, as the local build reads them. */
function localEnv(): Record<string, string> {
  return loadEnv(EMULATOR_MODE, REPO_ROOT, "");
}

/** The ids and port the site is built with locally, so both sides agree without configuration. */
export function emulatorDefaults() {
  // The environment wins over the file, so EMULATOR_PORT=4802 moves the emulator and the site.
  const env = localEnv();
  const required = (key: string) => {
    const value = env[key];
    if (!value) throw new Error(`${key} is missing from ${EMULATOR_ENV_FILE} at ${REPO_ROOT}.`);
    return value;
  };
  return {
    port: readPort(env, PORT_SETTING, Number(required(PORT_SETTING))),
    publicKey: required("VITE_EMAILJS_PUBLIC_KEY"),
    serviceId: required("VITE_EMAILJS_SERVICE_ID"),
    templateId: required("VITE_EMAILJS_TEMPLATE_ID"),
  };
}

/**
 * Options from the environment, for `npm run emulator`, `npm start` and `npm run dev`: the outbox
 * file, accepted ids, limits, server checks and the emails' settings (as the local site's build
 * reads them); the port (EMULATOR_PORT) is read with the defaults of .env.emulator.
 */
export function emulatorOptionsFromEnv(env: NodeJS.ProcessEnv = localEnv()): EmulatorOptions {
  const setting = (name: string, parse: (text: string, name: string) => number) => {
    const text = env[name];
    return text ? parse(text, name) : undefined;
  };
  const ratePerSecond = setting("EMULATOR_RATE_LIMIT", parseRateSetting);
  const checks: ServerChecks = {};
  if (env.EMULATOR_ALLOWED_ORIGINS) {
    checks.allowedOrigins = parseOriginsSetting(
      env.EMULATOR_ALLOWED_ORIGINS,
      "EMULATOR_ALLOWED_ORIGINS",
    );
  }
  if (env.EMULATOR_REFUSE_NON_BROWSER) {
    checks.refuseNonBrowser = parseSwitchSetting(
      env.EMULATOR_REFUSE_NON_BROWSER,
      "EMULATOR_REFUSE_NON_BROWSER",
    );
  }
  if (env.EMULATOR_RECAPTCHA) {
    checks.recaptcha = parseSwitchSetting(env.EMULATOR_RECAPTCHA, "EMULATOR_RECAPTCHA");
  }
  const quota = setting("EMULATOR_QUOTA", parseCountSetting);
  return {
    outboxPath: env.EMULATOR_OUTBOX || undefined,
    publicKey: env.EMULATOR_PUBLIC_KEY || undefined,
    serviceId: env.EMULATOR_SERVICE_ID || undefined,
    templateId: env.EMULATOR_TEMPLATE_ID || undefined,
    limits:
      ratePerSecond === undefined && quota === undefined ? undefined : { ratePerSecond, quota },
    outageMs: setting("EMULATOR_OUTAGE_MS", parseCountSetting),
    checks: Object.keys(checks).length > 0 ? checks : undefined,
    emailSettings: readEmailSettings(env).settings,
  };
}
