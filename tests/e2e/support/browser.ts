/** Which Chromium the tests drive: Debian's by default, or any other through PLAYWRIGHT_CHROMIUM_PATH. */
import { existsSync } from "node:fs";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

// Without these, Chromium reaches for Google's services at start-up, and this machine has no network.
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Every host name and address but 127.0.0.1 fails to resolve: a page under test cannot reach
 * another machine, whatever it asks for. The fixture fails a test whose page asks (fixtures.ts).
 */
export const STAY_ON_THIS_MACHINE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1";

/** Undefined lets Playwright use its own downloaded browser. */
export function chromiumExecutable(): string | undefined {
  if (process.env.PLAYWRIGHT_CHROMIUM_PATH) return process.env.PLAYWRIGHT_CHROMIUM_PATH;
  return existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined;
}
