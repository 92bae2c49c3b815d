/**
 * Cloudflare's own runtime for a built site: `wrangler pages dev` (its asset server inside workerd),
 * offline (no metrics, no request for Cloudflare's location data), in its own process group so that
 * stopping it stops workerd too.
 */
import type { ChildProcess } from "node:child_process";
import { resolve } from "node:path";
import { startGroup, stopGroup } from "./process-group";

/** Installed on demand in tests/hosts (scripts/quality/on-demand.ts). */
const WRANGLER = resolve(import.meta.dirname, "node_modules/wrangler/bin/wrangler.js");
/** The newest date the pinned workerd knows: without one, wrangler picks today's and refuses. */
const COMPATIBILITY_DATE = "2026-04-24";
const READY = /Ready on http/;
const START_LIMIT_MS = 60_000;

const WRANGLER_ENV = {
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

/** Serves `distDir` on `port`; wrangler's output goes to `logFile`. close() stops every process. */
export async function startWrangler({
  distDir,
  port,
  workDir,
  logFile,
}: {
  distDir: string;
  port: number;
  workDir: string;
  logFile: string;
}): Promise<{ url: string; close(): Promise<void> }> {
  const args = [
    WRANGLER,
    "pages",
    "dev",
    distDir,
    "--ip=127.0.0.1",
    `--port=${port}`,
    `--compatibility-date=${COMPATIBILITY_DATE}`,
    `--persist-to=${resolve(workDir, "state")}`,
    "--show-interactive-dev-session=false",
  ];
  const child = startGroup(process.execPath, args, {
    cwd: workDir,
    env: { ...WRANGLER_ENV, WRANGLER_LOG_PATH: resolve(workDir, "logs") },
    logFile,
  });
  const close = () => stopGroup(child);
  try {
    await whenReady(child);
  } catch (error) {
    await close();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, close };
}

function whenReady(child: ChildProcess): Promise<void> {
  return new Promise((ready, fail) => {
    let output = "";
    const timer = setTimeout(
      () => fail(new Error(`wrangler pages dev did not start:\n${output}`)),
      START_LIMIT_MS,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (READY.test(output)) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`wrangler pages dev exited (${code}):\n${output}`));
    });
  });
}
