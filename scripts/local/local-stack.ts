/**
 * Shared by `npm start` and `npm run dev`: the ports they use (PORT, EMULATOR_PORT), the local
 * EmailJS emulator the site is built to talk to, the banner, and a clean stop on Ctrl+C or SIGTERM.
 */
import { relative } from "node:path";
import { emulatorOptionsFromEnv, startEmulator } from "../../server/emulator/server";
import { PortError, readPort } from "../../server/ports";

/** The site's port from PORT (`fallback` when unset). */
export function sitePort(fallback: number): number {
  return readPort(process.env, "PORT", fallback);
}

/** The domain the local site's field signals name (docs/analytics.md). */
const LOCAL_ANALYTICS_DOMAIN = "bulwark.localhost";

/**
 * Starts the emulator on EMULATOR_PORT (default in .env.emulator) and points the site's build at
 * it: Vite reads VITE_ settings from the environment before .env files, so the origin always
 * names the port the emulator really has. The field signals are on and post to the emulator too,
 * which plays Plausible's event API and shows the funnel: a local page never reaches a real one.
 */
export async function startLocalEmulator() {
  const emulator = await startEmulator(emulatorOptionsFromEnv());
  process.env.VITE_EMAILJS_ORIGIN = emulator.url;
  process.env.VITE_PLAUSIBLE_DOMAIN = LOCAL_ANALYTICS_DOMAIN;
  process.env.VITE_PLAUSIBLE_ENDPOINT = `${emulator.url}/api/event`;
  return emulator;
}

export function printBanner(
  siteUrl: string,
  emulator: { outboxPath: string; inboxUrl: string },
): void {
  console.log(
    [
      "",
      `  Bulwark site:      ${siteUrl}`,
      `  Emails it sends:   ${emulator.inboxUrl}  (the inbox of the local EmailJS emulator, with the funnel)`,
      `  Signups land in:   ${relative(process.cwd(), emulator.outboxPath) || emulator.outboxPath}`,
      "  Stop with Ctrl+C.",
      "",
    ].join("\n"),
  );
}

export function stopOnSignal(...closers: (() => Promise<unknown>)[]): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void Promise.allSettled(closers.map((close) => close())).then(() => process.exit(0));
    });
  }
}

/**
 * Runs a local stack; a busy or malformed port ends it with the one line that names the setting
 * to change and exit code 1, not a stack trace (anything else still throws as usual).
 */
export async function runLocal(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (!(error instanceof PortError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
