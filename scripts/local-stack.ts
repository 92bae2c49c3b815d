/**
 * Shared by `npm start` and `npm run dev`: starts the local EmailJS emulator with the settings of
 * .env.emulator and stops everything cleanly on Ctrl+C or SIGTERM.
 */
import { relative } from "node:path";
import { loadEnv } from "vite";
import { startEmulator } from "../server/emulator/server";

export const LOCAL_MODE = "emulator";
const root = new URL("..", import.meta.url).pathname;

export async function startLocalEmail() {
  const env = loadEnv(LOCAL_MODE, root, "");
  const port = Number(new URL(env.VITE_EMAILJS_ORIGIN ?? "").port);
  return startEmulator({ port });
}

export function printBanner(siteUrl: string, outboxPath: string): void {
  console.log(
    [
      "",
      `  Bulwark site:      ${siteUrl}`,
      `  Signups land in:   ${relative(process.cwd(), outboxPath) || outboxPath}  (local EmailJS emulator)`,
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
