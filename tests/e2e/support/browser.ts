/**
 * Which Chromium the tests drive. Most drive its headless shell (Debian's chromium-headless-shell, or
 * PLAYWRIGHT_HEADLESS_SHELL_PATH): the same engine without the browser around it, which runs the
 * suite in about half the time on 2 cores. What needs the whole browser (its autofill, a profile's
 * settings) drives Debian's Chromium, or PLAYWRIGHT_CHROMIUM_PATH.
 */
import { existsSync } from "node:fs";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";
// The binary itself: /usr/bin's is a wrapper that would outlive a browser Playwright stops.
const DEBIAN_HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

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
 * another machine, whatever it asks for. The fixture fails a test whose page asks (guards.ts).
 */
export const STAY_ON_THIS_MACHINE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1";

/** The whole browser. Undefined lets Playwright use its own downloaded browser. */
export function chromiumExecutable(): string | undefined {
  if (process.env.PLAYWRIGHT_CHROMIUM_PATH) return process.env.PLAYWRIGHT_CHROMIUM_PATH;
  return existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined;
}

/**
 * The headless shell, or the whole browser where there is none (slower, same results). Undefined
 * lets Playwright use its own downloaded headless shell.
 */
export function headlessShellExecutable(): string | undefined {
  if (process.env.PLAYWRIGHT_HEADLESS_SHELL_PATH) return process.env.PLAYWRIGHT_HEADLESS_SHELL_PATH;
  if (process.env.PLAYWRIGHT_CHROMIUM_PATH) return process.env.PLAYWRIGHT_CHROMIUM_PATH;
  return existsSync(DEBIAN_HEADLESS_SHELL) ? DEBIAN_HEADLESS_SHELL : chromiumExecutable();
}

/** The tag of a test that needs the whole browser; it runs in the `chromium-full` project. */
export const WHOLE_BROWSER = "@whole-browser";
