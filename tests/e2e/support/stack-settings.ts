/**
 * The settings the test stacks build and run with, always passed explicitly: a shell that exports
 * VITE_EMAILJS_*, EMULATOR_*, PORT or SITE_URL (as a CI job that also builds for production does)
 * changes nothing in a test run. `npm run test:env` runs every test command with them exported.
 */
import { E2E_EMULATOR_URL, E2E_SITE_URL } from "./stack-ports";
import { E2E_RETRY_BUDGET_MS, E2E_SEND_TIMEOUT_MS } from "./stack-timing";

/** The ids of .env.emulator: what every test build sends and every test emulator accepts. */
export const STACK_EMAIL_IDS = {
  publicKey: "local-public-key",
  serviceId: "service_local",
  templateId: "template_waitlist",
};

/**
 * The time every test build stamps (SOURCE_DATE_EPOCH, scripts/build/build-time.ts): the start of
 * this UTC month, so a kept build is reused all month (site-builds.ts). Fixed for a run by the first
 * process that reads it (playwright.config.ts), whose stack and workers inherit it.
 */
process.env.E2E_BUILD_EPOCH ??= String(
  Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1) / 1000,
);
export const STACK_BUILD_EPOCH: string = process.env.E2E_BUILD_EPOCH;

/**
 * What every test build is built with: this run's emulator, a short time limit and retry budget,
 * the month's build time.
 */
export const STACK_BUILD_ENV = {
  VITE_EMAILJS_PUBLIC_KEY: STACK_EMAIL_IDS.publicKey,
  VITE_EMAILJS_SERVICE_ID: STACK_EMAIL_IDS.serviceId,
  VITE_EMAILJS_TEMPLATE_ID: STACK_EMAIL_IDS.templateId,
  VITE_EMAILJS_ORIGIN: E2E_EMULATOR_URL,
  VITE_EMAILJS_TIMEOUT_MS: String(E2E_SEND_TIMEOUT_MS),
  VITE_SIGNUP_RETRY_BUDGET_MS: String(E2E_RETRY_BUDGET_MS),
  SITE_URL: E2E_SITE_URL,
  SECURITY_CONTACT: "security@bulwark.example",
  PRIVACY_CONTROLLER: "Bulwark Example Ltd, 1 Example Street, London EC1A 1AA, United Kingdom",
  PRIVACY_CONTACT: "privacy@bulwark.example",
  PRIVACY_RETENTION_MONTHS: "12",
  WAITLIST_TEAM_EMAIL: "team@bulwark.example",
  SOURCE_DATE_EPOCH: STACK_BUILD_EPOCH,
};

/** What a shell may export that a build, a server or the emulator would read. */
const SHELL_SETTING =
  /^(VITE_.*|EMULATOR_.*|PORT|SITE_URL|SECURITY_CONTACT|PRIVACY_.*|WAITLIST_.*|PLAUSIBLE_.*|SOURCE_DATE_EPOCH)$/;

/** The names of the shell's site and emulator settings found in `env`. */
function shellSettingNames(env: NodeJS.ProcessEnv): string[] {
  return Object.keys(env).filter((name) => SHELL_SETTING.test(name));
}

/** Replaces the shell's site and emulator settings in this process's environment with `explicit`. */
export function setOnlyExplicitSettings(explicit: Record<string, string> = {}): void {
  for (const name of shellSettingNames(process.env)) delete process.env[name];
  Object.assign(process.env, explicit);
}
