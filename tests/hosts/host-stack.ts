/**
 * The stack the host tests run against: the production build (built with the e2e stack's settings,
 * so it sends to the local EmailJS emulator) served by Cloudflare's runtime, `wrangler pages dev`,
 * on 127.0.0.1. Started and stopped by playwright.hosts.config.ts (run as a script); the build stays
 * in HOSTS_WORK_DIR for the Vercel test to copy.
 */
import { rm } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { buildSite } from "../../scripts/build";
import { startEmulator } from "../../server/emulator/server";
import { E2E_EMULATOR_PORT, E2E_HOSTS_SITE_URL, E2E_WORK_DIR } from "../e2e/support/stack-ports";
import {
  STACK_BUILD_ENV,
  STACK_EMAIL_IDS,
  setOnlyExplicitSettings,
} from "../e2e/support/stack-settings";
import { startWrangler } from "./wrangler";

const root = resolve(import.meta.dirname, "../..");
export const HOSTS_WORK_DIR = resolve(root, E2E_WORK_DIR, "hosts");
export const HOSTS_DIST_DIR = resolve(HOSTS_WORK_DIR, "build/dist");
/** What wrangler printed while starting: the spec reads how many `_headers` rules it parsed. */
export const WRANGLER_LOG = resolve(HOSTS_WORK_DIR, "wrangler.log");

export async function startHostStack(): Promise<{ close(): Promise<void> }> {
  await rm(HOSTS_WORK_DIR, { recursive: true, force: true });
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    await Promise.allSettled(closers.map((closer) => closer()));
  };
  try {
    const emulator = await startEmulator({
      ...STACK_EMAIL_IDS,
      port: E2E_EMULATOR_PORT,
      portSetting: "E2E_PORT_BASE",
      outboxPath: resolve(HOSTS_WORK_DIR, "outbox.jsonl"),
      log: () => {},
    });
    closers.push(emulator.close);
    setOnlyExplicitSettings({ ...STACK_BUILD_ENV, SITE_URL: E2E_HOSTS_SITE_URL });
    // Inside the repository: the server bundle resolves its packages from node_modules.
    await buildSite({ mode: "production", outDir: resolve(HOSTS_WORK_DIR, "build") });
    const site = await startWrangler({
      distDir: HOSTS_DIST_DIR,
      port: Number(new URL(E2E_HOSTS_SITE_URL).port),
      workDir: HOSTS_WORK_DIR,
      logFile: WRANGLER_LOG,
    });
    closers.push(site.close);
    console.log(`hosts stack ready: ${site.url} (wrangler pages dev); emulator ${emulator.url}`);
  } catch (error) {
    await close();
    throw error;
  }
  return { close };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const stack = await startHostStack();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, async () => {
      await stack.close();
      process.exit(0);
    });
  }
}
