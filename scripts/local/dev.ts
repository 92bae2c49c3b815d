/**
 * `npm run dev`: the Vite dev server with hot reload, beside the local EmailJS emulator.
 * Ports: PORT (default 5173) and EMULATOR_PORT (default 4180).
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createServer } from "vite";
import { ensurePortFree, PortError } from "../../server/ports";
import { LOCAL_MODE } from "../../src/lib/config";
import { printBanner, runLocal, sitePort, startLocalEmulator, stopOnSignal } from "./local-stack";

/** Starts the dev server and its emulator; close() stops both (the dev check starts it this way). */
export async function startDevServer(): Promise<{ close(): Promise<void> }> {
  const port = sitePort(5173);
  await ensurePortFree(port, "PORT");
  const emulator = await startLocalEmulator();
  const vite = await createServer({
    root: resolve(import.meta.dirname, "../.."),
    mode: LOCAL_MODE,
    // strictPort: a dev server that moved to another port would not be where PORT says it is.
    server: { host: "127.0.0.1", port, strictPort: true },
  });
  const close = async () => {
    await Promise.allSettled([vite.close(), emulator.close()]);
  };
  try {
    await vite.listen();
  } catch (error) {
    // Taken between the check above and now: Vite says only "Port N is already in use".
    await close();
    if (/already in use/.test(String(error))) {
      throw new PortError(`Port ${port} is in use: set PORT to another port.`);
    }
    throw error;
  }
  printBanner(vite.resolvedUrls?.local[0] ?? `http://127.0.0.1:${port}/`, emulator);
  return { close };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await runLocal(async () => {
    const dev = await startDevServer();
    stopOnSignal(dev.close);
  });
}
