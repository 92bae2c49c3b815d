/**
 * The stack the e2e tests run against, all on 127.0.0.1 and all talking to one local EmailJS
 * emulator: the site as `npm start` builds it, a production build (anti-abuse on) and a build with
 * a missing template id; and, for the dev-mode check, `npm run dev` beside them. Started and stopped
 * by playwright.config.ts (run as a script, with the parts the run's specs use, spec-sites.ts); the
 * engine tests start just the local site with startTestStack(["local"]). The sites build at once
 * and a build of the same sources and settings is reused (site-builds.ts): adding a site is one entry.
 */
import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { readEmailSettings } from "../../../emails/email-settings";
import { startEmulator } from "../../../server/emulator/server";
import { readBuildSettings } from "../../../server/preview";
import { startPreviewServer } from "../../../server/preview-server";
import { runStackScript, type Stack, type StackStarter, startStack } from "../../support/run-stack";
import { buildSites } from "./site-builds";
import { DEV_SERVER } from "./spec-sites";
import {
  E2E_ANALYTICS_SITE_URL,
  E2E_BOT_CHECK_EMULATOR_PORT,
  E2E_BOT_CHECK_EMULATOR_URL,
  E2E_BOT_CHECK_SITE_URL,
  E2E_DEV_SITE_URL,
  E2E_EMULATOR_PORT,
  E2E_EMULATOR_URL,
  E2E_MISCONFIGURED_SITE_URL,
  E2E_PRODUCTION_SITE_URL,
  E2E_SITE_URL,
  E2E_WORK_DIR,
  STACK_READY,
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
  {
    // The field signals on: Plausible's tracker posts to the emulator's stand-in of its event API.
    name: "analytics",
    mode: "emulator",
    url: E2E_ANALYTICS_SITE_URL,
    env: {
      VITE_PLAUSIBLE_DOMAIN: "bulwark.example",
      VITE_PLAUSIBLE_ENDPOINT: `${E2E_EMULATOR_URL}/api/event`,
    },
  },
] as const;

export type StackSiteName = (typeof SITES)[number]["name"];
/** What the stack can start: its sites, and the dev server. */
type StackPart = StackSiteName | typeof DEV_SERVER;
const ALL_PARTS: readonly StackPart[] = [...SITES.map((site) => site.name), DEV_SERVER];

/** How often the dev server is asked whether it answers yet, while it starts. */
const DEV_POLL_MS = 200;

/**
 * `npm run dev` and its emulator (dev-stack.ts), in a process of their own, since their settings
 * are not the stack's; resolves once the dev server answers, its close held.
 */
async function startDevStack(hold: (close: () => Promise<unknown>) => void): Promise<void> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", resolve(import.meta.dirname, "dev-stack.ts")],
    { cwd: root, stdio: "inherit" },
  );
  const exited = new Promise((done) => child.once("exit", done));
  hold(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  });
  while (
    !(await fetch(E2E_DEV_SITE_URL).then(
      () => true,
      () => false,
    ))
  ) {
    if (child.exitCode !== null) throw new Error(`the dev server exited with ${child.exitCode}`);
    await sleep(DEV_POLL_MS);
  }
}

/**
 * Builds (or reuses) the named sites at once, then serves them beside a fresh emulator; starts the
 * dev server meanwhile if named. All of them by default.
 */
function testStackParts(names: readonly StackPart[] = ALL_PARTS): StackStarter {
  const withDev = names.includes(DEV_SERVER);
  return async (hold) => {
    const started = Date.now();
    // Nothing this process starts reads the shell's site or emulator settings (each build sets its own).
    setOnlyExplicitSettings(STACK_BUILD_ENV);
    await rm(workDir, { recursive: true, force: true });
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
    hold(emulator.close);
    if (names.includes("bot-check")) hold((await startBotCheckEmulator()).close);
    const sites = SITES.filter((site) => names.includes(site.name)).map((site) => ({
      ...site,
      outDir: resolve(workDir, site.name),
      env: { ...STACK_BUILD_ENV, ...site.env },
    }));
    // The dev server starts while the sites build.
    await Promise.all([buildSites(sites), withDev ? startDevStack(hold) : undefined]);
    for (const site of sites) {
      const server = await startPreviewServer({
        distDir: resolve(site.outDir, "dist"),
        settings: await readBuildSettings(site.outDir),
        port: Number(new URL(site.url).port),
        portSetting: "E2E_PORT_BASE",
      });
      hold(server.close);
    }
    const took = ((Date.now() - started) / 1000).toFixed(1);
    // playwright.config.ts waits for this line: every part answers once it is printed.
    const dev = withDev ? `; dev server ${E2E_DEV_SITE_URL}` : "";
    console.log(
      `${STACK_READY} in ${took} s: ${sites.map((site) => site.url).join(", ")}; emulator ${emulator.url}${dev}`,
    );
  };
}

/**
 * Builds and serves the named sites beside a fresh emulator (all, and the dev server, by default);
 * close() stops them.
 */
export function startTestStack(names?: readonly StackSiteName[]): Promise<Stack> {
  return startStack(testStackParts(names));
}

/** The parts named on the command line (`local,production,dev`), or all of them. */
function partsOfArgs(list: string | undefined): StackPart[] | undefined {
  if (!list) return undefined;
  const names = list.split(",");
  const unknown = names.filter((name) => !(ALL_PARTS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`No such part of the test stack: ${unknown.join(", ")}`);
  return names as StackPart[];
}

await runStackScript(import.meta.url, testStackParts(partsOfArgs(process.argv[2])));
