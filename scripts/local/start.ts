/**
 * `npm start`: builds the site for local use and serves it beside the local EmailJS emulator, so a
 * signup typed in the browser lands in the outbox. No account or network needed.
 * Ports: PORT (default 4173) and EMULATOR_PORT (default 4180).
 */
import { resolve } from "node:path";
import { ensurePortFree } from "../../server/ports";
import { readBuildSettings } from "../../server/preview";
import { startPreviewServer } from "../../server/preview-server";
import { LOCAL_MODE } from "../../src/lib/config";
import { buildSite } from "../build/build";
import { printBanner, runLocal, sitePort, startLocalEmulator, stopOnSignal } from "./local-stack";

const root = resolve(import.meta.dirname, "../..");
/**
 * Each stack builds into a folder of its own, named by its port: the build names the emulator's
 * port, so a second `npm start` writing dist/ would point the first site at the wrong emulator.
 */
const STACKS_DIR = ".local-stack";

await runLocal(async () => {
  const port = sitePort(4173);
  // Both ports are checked before the build, so a busy one is reported at once, not a minute later.
  await ensurePortFree(port, "PORT");
  const emulator = await startLocalEmulator();
  const buildDir = resolve(root, STACKS_DIR, String(port));
  const { distDir } = await buildSite({ mode: LOCAL_MODE, outDir: buildDir });
  const settings = await readBuildSettings(buildDir);
  const site = await startPreviewServer({ distDir, settings, port });
  printBanner(site.url, emulator);
  stopOnSignal(site.close, emulator.close);
});
