/**
 * Every test command run as a CI job that also builds for production would run it: with the
 * site's and the emulator's settings exported in the shell, each set to a value that breaks a test
 * stack which reads it (ids the emulator refuses, a send time limit of 1 ms, ports held busy, an
 * outbox file that must never appear). The stacks pass their own settings (tests/e2e/support/stack-settings.ts).
 * Run: npm run test:env [-- --only test:engines]; the last line reads `env: N of N commands passed`.
 */
import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { closeServer, holdPort } from "../../server/ports";

const root = resolve(import.meta.dirname, "../..");
const SELF = "test:env";
/**
 * Run in a short form: the load test's crowd takes about four minutes (docs/capacity.md), too long
 * for every CI run; `--quick` plays a small one through the same stack and bars in under a minute.
 */
const SHORT_FORMS: Record<string, string[]> = {
  "test:load": ["--quick"],
  "test:starved": ["--quick"],
};

/** Every EMULATOR_* name the emulator's sources mention, so a setting added there is exported too. */
async function emulatorSettingNames(): Promise<string[]> {
  const dir = resolve(root, "server/emulator");
  const names = new Set<string>();
  for (const file of await readdir(dir)) {
    if (!file.endsWith(".ts")) continue;
    const text = await readFile(resolve(dir, file), "utf8");
    for (const [name] of text.matchAll(/\bEMULATOR_[A-Z0-9_]+\b/g)) names.add(name);
  }
  return [...names].sort();
}

/**
 * The test commands: `npm test` and every other test:* script it does not already run
 * (test:unit and test:e2e are its parts).
 */
async function testCommands(): Promise<string[]> {
  const { scripts } = JSON.parse(await readFile(resolve(root, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const all = scripts.test ?? "";
  const others = Object.entries(scripts)
    .filter(([name, body]) => name.startsWith("test:") && name !== SELF && !all.includes(body))
    .map(([name]) => name);
  return ["test", ...others];
}

/** `npm run <script>`, with its short form's arguments if it has one. */
function commandLine(script: string): string[] {
  const extra = SHORT_FORMS[script] ?? [];
  return ["run", script, ...(extra.length > 0 ? ["--", ...extra] : [])];
}

/**
 * How much of a failed command's output is printed again at the end: CI shows a log's end, and a
 * failed test's name and error would otherwise sit under every later command's output.
 */
const TAIL_CHARS = 12_000;

/** Runs `npm run <script>`, its output passed through; resolves to its exit code and output's end. */
function run(script: string, env: NodeJS.ProcessEnv): Promise<{ code: number; tail: string }> {
  return new Promise((done) => {
    const child = spawn("npm", commandLine(script), {
      cwd: root,
      env,
      stdio: ["inherit", "pipe", "pipe"],
    });
    let tail = "";
    const keep = (text: string, to: NodeJS.WriteStream) => {
      to.write(text);
      tail = (tail + text).slice(-TAIL_CHARS);
    };
    child.stdout.setEncoding("utf8").on("data", (text: string) => keep(text, process.stdout));
    child.stderr.setEncoding("utf8").on("data", (text: string) => keep(text, process.stderr));
    child.on("close", (code) => done({ code: code ?? 1, tail }));
  });
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

const { values } = parseArgs({ options: { only: { type: "string", multiple: true } } });
const commands = values.only ?? (await testCommands());
const dir = await mkdtemp(join(tmpdir(), "shell-env-"));
// Held for the whole run: a stack that took PORT or EMULATOR_PORT from the shell would not start.
const busy = await Promise.all([holdPort(), holdPort()]);
const [busySite, busyEmulator] = busy.map(({ port }) => port);
const shellOutbox = join(dir, "shell-outbox.jsonl");

const exported: Record<string, string> = {
  // A different account's ids, as a production job has them: the test emulator must refuse them.
  VITE_EMAILJS_PUBLIC_KEY: "shell-public-key",
  VITE_EMAILJS_SERVICE_ID: "shell-service",
  VITE_EMAILJS_TEMPLATE_ID: "shell-template",
  VITE_EMAILJS_ORIGIN: `http://127.0.0.1:${busyEmulator}`,
  VITE_EMAILJS_TIMEOUT_MS: "1",
  SITE_URL: "https://shell-site.invalid",
  SECURITY_CONTACT: "shell-contact@shell-site.invalid",
  // The field signals to a real collector: a test build that took them would send events off this
  // machine (a test fails on any such request) and its default build would not be the default.
  VITE_PLAUSIBLE_DOMAIN: "shell-site.invalid",
  VITE_PLAUSIBLE_ENDPOINT: "https://shell-plausible.invalid/api/event",
  PLAUSIBLE_UPSTREAM: "https://shell-plausible.invalid/api/event",
  // Not an address: a test stack that read it would stop its production build (the emails).
  WAITLIST_TEAM_EMAIL: "shell-team",
  PORT: String(busySite),
};
// Any other emulator setting gets a value no parser accepts: read by a test stack, it breaks it.
for (const name of await emulatorSettingNames()) exported[name] = "shell-value";
Object.assign(exported, {
  EMULATOR_PORT: String(busyEmulator),
  EMULATOR_OUTBOX: shellOutbox,
  EMULATOR_PUBLIC_KEY: "shell-emulator-key",
  EMULATOR_SERVICE_ID: "shell-emulator-service",
  EMULATOR_TEMPLATE_ID: "shell-emulator-template",
});

console.log(
  `Exported for every command:\n  ${Object.entries(exported)
    .map(([k, v]) => `${k}=${v}`)
    .join("\n  ")}`,
);
const results: { command: string; passed: boolean; tail: string; seconds: number }[] = [];
try {
  for (const command of commands) {
    console.log(`\n=== npm ${commandLine(command).join(" ")}, with the settings above exported`);
    const started = Date.now();
    const { code, tail } = await run(command, { ...process.env, ...exported });
    const seconds = Math.round((Date.now() - started) / 1000);
    results.push({ command, passed: code === 0, tail, seconds });
  }
} finally {
  await Promise.all(busy.map(({ server }) => closeServer(server)));
}
const outboxUsed = await exists(shellOutbox);
await rm(dir, { recursive: true, force: true });

for (const { command, tail } of results.filter((result) => !result.passed)) {
  console.log(`\n=== the end of npm ${commandLine(command).join(" ")}'s output again: it failed`);
  console.log(tail);
}
console.log("");
for (const { command, passed, seconds } of results) {
  console.log(`${passed ? "✓" : "✘"} npm ${commandLine(command).join(" ")} (${seconds} s)`);
}
if (outboxUsed) console.log(`✘ an emulator wrote to the shell's EMULATOR_OUTBOX (${shellOutbox})`);
const passed = results.filter((result) => result.passed).length;
console.log(
  `env: ${passed} of ${results.length} commands passed with the shell's settings exported`,
);
process.exit(passed === results.length && !outboxUsed ? 0 : 1);
