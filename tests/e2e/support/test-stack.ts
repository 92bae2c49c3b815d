/**
 * The stack the e2e tests run against, all on 127.0.0.1 and all talking to one local EmailJS
 * emulator: the site as `npm start` builds it, a production build (anti-abuse on) and a build with
 * a missing template id. Started and stopped by playwright.config.ts (run as a script); the engine
 * tests start just the local site with startTestStack(["local"]).
 */
import { rm } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { readEmailSettings } from "../../../emails/email-settings";
import { buildSite } from "../../../scripts/build";
import { startEmulator } from "../../../server/emulator/server";
import { readBuildSettings, startPreviewServer } from "../../../server/preview";
import {
  E2E_BOT_CHECK_EMULATOR_PORT,
  E2E_BOT_CHECK_EMULATOR_URL,
  E2E_BOT_CHECK_SITE_URL,
  E2E_EMULATOR_PORT,
  E2E_MISCONFIGURED_SITE_URL,
  E2E_PRODUCTION_SITE_URL,
  E2E_SITE_URL,
  E2E_WORK_DIR,
} from "./stack-ports";
import { STACK_BUILD_ENV, STACK_EMAIL_IDS, setOnlyExplicitSettings } from "./stack-settings";

const root = resolve(import.meta.dirname, "../../..");
const workDir = resolve(root, E2E_WORK_DIR);
const outboxPath = resolve(workDir, "outbox.jsonl");

const BOT_CHECK_ENV = {
  VITE_RECAPTCHA_SITE_KEY: "stand-in-site-key",
  VITE_RECAPTCHA_ORIGIN: E2E_BOT_CHECK_EMULATOR_URL,
  VITE_EMAILJS_ORIGIN: E2E_BOT_CHECK_EMULATOR_URL,
};

/** The bot-check site's emulator: its template requires reCAPTCHA; its emails name Google. */
function startBotCheckEmulator() {
  return startEmulator({
    ...STACK_EMAIL_IDS,
    port: E2E_BOT_CHECK_EMULATOR_PORT,
    portSetting: "E2E_PORT_BASE",
    outboxPath: resolve(workDir, "bot-check-outbox.jsonl"),
    emailSettings: readEmailSettings({ ...STACK_BUILD_ENV, ...BOT_CHECK_ENV }).settings,
    checks: { recaptcha: true },
    log: () => {},
  });
}

const SITES = [
  { name: "local", mode: "emulator", url: E2E_SITE_URL, env: {} },
  { name: "production", mode: "production", url: E2E_PRODUCTION_SITE_URL, env: {} },
  {
    // Also built without the privacy and security contacts: the page's neutral wording.
    name: "misconfigured",
    mode: "emulator",
    url: E2E_MISCONFIGURED_SITE_URL,
    env: {
      VITE_EMAILJS_TEMPLATE_ID: "",
      PRIVACY_CONTROLLER: "",
      PRIVACY_CONTACT: "",
      PRIVACY_RETENTION_MONTHS: "",
      SECURITY_CONTACT: "",
    },
  },
  {
    // The bot check on: Google's script played by the stand-in of its own emulator, which requires
    // a fresh token on every send (startBotCheckEmulator).
    name: "bot-check",
    mode: "emulator",
    url: E2E_BOT_CHECK_SITE_URL,
    env: BOT_CHECK_ENV,
  },
] as const;

export type StackSiteName = (typeof SITES)[number]["name"];

/** Builds and serves the named sites (all by default) beside a fresh emulator; close() stops them. */
export async function startTestStack(
  names: readonly StackSiteName[] = SITES.map((site) => site.name),
): Promise<{ close(): Promise<void> }> {
  await rm(workDir, { recursive: true, force: true });
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    await Promise.allSettled(closers.map((closer) => closer()));
  };
  try {
    // Everything the emulator needs is passed here: it reads nothing from the shell.
    // A busy port names E2E_PORT_BASE, the one setting that moves the whole stack.
    const emulator = await startEmulator({
      ...STACK_EMAIL_IDS,
      port: E2E_EMULATOR_PORT,
      portSetting: "E2E_PORT_BASE",
      outboxPath,
      // The emails bake in what the local site is built with.
      emailSettings: readEmailSettings(STACK_BUILD_ENV).settings,
      log: () => {},
    });
    closers.push(emulator.close);
    if (names.includes("bot-check")) closers.push((await startBotCheckEmulator()).close);
    const sites = SITES.filter((site) => names.includes(site.name));
    for (const site of sites) {
      // Vite reads the process's environment before any .env file: only these settings are there.
      setOnlyExplicitSettings({ ...STACK_BUILD_ENV, ...site.env });
      const buildDir = resolve(workDir, site.name);
      await buildSite({ mode: site.mode, outDir: buildDir });
      const settings = await readBuildSettings(buildDir);
      const server = await startPreviewServer({
        distDir: resolve(buildDir, "dist"),
        settings,
        port: Number(new URL(site.url).port),
        portSetting: "E2E_PORT_BASE",
      });
      closers.push(server.close);
    }
    console.log(
      `e2e stack ready: ${sites.map((site) => site.url).join(", ")}; emulator ${emulator.url}`,
    );
  } catch (error) {
    await close();
    throw error;
  }
  return { close };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const stack = await startTestStack();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, async () => {
      await stack.close();
      process.exit(0);
    });
  }
}
