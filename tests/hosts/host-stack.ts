/**
 * The stack the host tests run against: the production build (built with the e2e stack's settings,
 * so it sends to the local EmailJS emulator) served by Cloudflare's runtime, `wrangler pages dev`,
 * on 127.0.0.1. Started and stopped by playwright.hosts.config.ts (run as a script); the build stays
 * in HOSTS_WORK_DIR for the Vercel test to copy.
 */
import { rm } from "node:fs/promises";
import { resolve } from "node:path";
import { startEmulator } from "../../server/emulator/server";
import { buildSites } from "../e2e/support/site-builds";
import { E2E_EMULATOR_PORT, E2E_HOSTS_SITE_URL, E2E_WORK_DIR } from "../e2e/support/stack-ports";
import {
  STACK_BUILD_ENV,
  STACK_EMAIL_IDS,
  setOnlyExplicitSettings,
} from "../e2e/support/stack-settings";
import { runStackScript, type StackStarter } from "../support/run-stack";
import { startWrangler } from "./wrangler";

const root = resolve(import.meta.dirname, "../..");
export const HOSTS_WORK_DIR = resolve(root, E2E_WORK_DIR, "hosts");
export const HOSTS_DIST_DIR = resolve(HOSTS_WORK_DIR, "build/dist");
/** What wrangler printed while starting: the spec reads how many `_headers` rules it parsed. */
export const WRANGLER_LOG = resolve(HOSTS_WORK_DIR, "wrangler.log");

/** The emulator, the production build (or a reused one, site-builds.ts), then wrangler. */
const hostStackParts: StackStarter = async (hold) => {
  const started = Date.now();
  const settings = { ...STACK_BUILD_ENV, SITE_URL: E2E_HOSTS_SITE_URL };
  // wrangler inherits this process's environment: only the build's settings are there.
  setOnlyExplicitSettings(settings);
  await rm(HOSTS_WORK_DIR, { recursive: true, force: true });
  const emulator = await startEmulator({
    ...STACK_EMAIL_IDS,
    port: E2E_EMULATOR_PORT,
    portSetting: "E2E_PORT_BASE",
    outboxPath: resolve(HOSTS_WORK_DIR, "outbox.jsonl"),
    log: () => {},
  });
  hold(emulator.close);
  await buildSites([
    {
      name: "hosts",
      mode: "production",
      env: settings,
      // Inside the repository: the server bundle resolves its packages from node_modules.
      outDir: resolve(HOSTS_WORK_DIR, "build"),
    },
  ]);
  const site = await startWrangler({
    distDir: HOSTS_DIST_DIR,
    port: Number(new URL(E2E_HOSTS_SITE_URL).port),
    workDir: HOSTS_WORK_DIR,
    logFile: WRANGLER_LOG,
  });
  hold(site.close);
  const took = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `hosts stack ready in ${took} s: ${site.url} (wrangler pages dev); emulator ${emulator.url}`,
  );
};

await runStackScript(import.meta.url, hostStackParts);
