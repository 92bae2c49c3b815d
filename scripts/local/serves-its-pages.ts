/**
 * The working path of a command that serves the site, for .ci/run (the one-line failures are
 * unit-tested: scripts/local/local-stack.test.ts, scripts/quality/without-a-build.test.ts): runs
 * `npm run <script>` on free ports, waits for the site's address it prints, asks for each page
 * there, then presses Ctrl+C (SIGINT to its process group) and expects it to end at once, with
 * exit code 0 or by that SIGINT (npm ends so when its script is interrupted).
 * Run: npx tsx scripts/local/serves-its-pages.ts <start|preview> [-- <the command's arguments>]
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort } from "../../server/ports";
import { sitePages } from "../../src/site-paths";

/** Generous: `npm start` builds the site first, on a machine that may be busy. */
const READY_WITHIN_MS = 300_000;
/** Ctrl+C closes the servers and nothing else. */
const STOPPED_WITHIN_MS = 10_000;
/**
 * The line both commands print once the site answers (scripts/local/local-stack.ts,
 * server/preview.ts).
 */
const SITE_LINE = /Bulwark site:\s+(http:\/\/\S+)/;

const [script, ...args] = process.argv.slice(2).filter((arg) => arg !== "--");
if (script !== "start" && script !== "preview") {
  console.error("Usage: tsx scripts/local/serves-its-pages.ts <start|preview> [-- <arguments>]");
  process.exit(1);
}

const dir = await mkdtemp(join(tmpdir(), "serves-its-pages-"));
const child = spawn("npm", ["run", "--silent", script, ...(args.length ? ["--", ...args] : [])], {
  // A process group of its own, so Ctrl+C reaches npm and the command as a terminal's would.
  detached: true,
  env: {
    ...process.env,
    PORT: String(await freePort()),
    EMULATOR_PORT: String(await freePort()),
    EMULATOR_OUTBOX: join(dir, "outbox.jsonl"),
  },
  stdio: ["ignore", "pipe", "pipe"],
});
let output = "";
child.stdout.on("data", (chunk) => {
  output += chunk;
});
child.stderr.on("data", (chunk) => {
  output += chunk;
});
const ended = new Promise<string>((done) =>
  child.on("close", (code, signal) => done(signal ?? `exit code ${code}`)),
);
const running = () => child.exitCode === null && child.signalCode === null;

function fail(reason: string): never {
  if (child.pid !== undefined && running()) process.kill(-child.pid, "SIGKILL");
  console.error(`npm run ${script}: ${reason}\n--- what it printed:\n${output}`);
  process.exit(1);
}

const started = Date.now();
let siteUrl: string | undefined;
while (siteUrl === undefined) {
  siteUrl = SITE_LINE.exec(output)?.[1];
  if (siteUrl !== undefined) break;
  if (!running()) fail(`ended (${await ended}) before serving`);
  if (Date.now() - started > READY_WITHIN_MS) fail(`printed no address in ${READY_WITHIN_MS} ms`);
  await sleep(200);
}
for (const page of sitePages) {
  const response = await fetch(new URL(page.path, siteUrl)).catch((error: Error) => error);
  if (response instanceof Error) fail(`${page.path} did not answer: ${response.message}`);
  const type = response.headers.get("content-type") ?? "";
  if (response.status !== 200 || !type.startsWith("text/html")) {
    fail(`${page.path} answered ${response.status} ${type}, not 200 text/html`);
  }
  await response.arrayBuffer();
}
process.kill(-(child.pid as number), "SIGINT");
const end = await Promise.race([ended, sleep(STOPPED_WITHIN_MS, "still running")]);
if (end !== "exit code 0" && end !== "SIGINT") fail(`after Ctrl+C: ${end}`);
await rm(dir, { recursive: true, force: true });
console.log(
  `npm run ${script}: served ${sitePages.map((page) => page.path).join(", ")} at ${siteUrl} and ` +
    `stopped on Ctrl+C (${end}), in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
