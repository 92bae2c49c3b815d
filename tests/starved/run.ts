/**
 * `npm run test:starved`: the cross-tab specs (tagged @tabs: tabs, the lock, a late first answer,
 * early submits, leave and come back) on a starved machine: every page's CPU throttled 4x, then 6x
 * (Chromium's DevTools protocol, tests/e2e/support/cpu-throttle.ts), with one busy loop per core
 * beside them, each spec repeated. Every spec asserts how many emails its address got, so a
 * duplicate or a lost signup fails it; the run also counts the emails per address in the stack's
 * outbox, and the addresses that got more than their visitor asked for. Each test's budget is scaled
 * by the rate, as the work is. Ends with `starved: R runs at ... beside N busy loops, F failed (...),
 * D addresses duplicated, in S s`; exits 1 on any failure or duplicate.
 * Run: npm run test:starved [-- --repeat-each 3] [-- --quick] (`--quick`: the two-tab specs of
 * one address in many tabs, once each at 6x: the short form .ci/run runs).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { cpus } from "node:os";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { E2E_WORK_DIR } from "../e2e/support/stack-ports";

const root = resolve(import.meta.dirname, "../..");
const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    "repeat-each": { type: "string", default: "3" },
  },
});
const rates = values.quick ? [6] : [4, 6];
/**
 * The specs run: every cross-tab spec, or in `--quick` the two-tab ones of one address in many tabs.
 * Left out of `--quick` for its time alone: five throttled tabs beside a busy loop per core take
 * about a minute a test on a 2-core machine; the full run keeps them.
 */
const specs = values.quick
  ? ["--grep", "one address, many tabs", "--grep-invert", "five tabs|four others"]
  : ["--grep", "@tabs"];
/** A test's budget on a CPU at full speed: playwright.config.ts's default. */
const TEST_BUDGET_MS = 30_000;
const repeatEach = values.quick ? "1" : values["repeat-each"];

/** One busy loop per core, as another build or test run would keep the machine. */
function busyLoops(): ChildProcess[] {
  return cpus().map(() =>
    spawn(process.execPath, ["-e", "for(;;){}"], { stdio: "ignore", detached: false }),
  );
}

type Report = { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };

/** Runs the @tabs specs at `rate`; resolves with Playwright's JSON report and the outbox's lines. */
async function runAt(rate: number) {
  const reportPath = resolve(root, E2E_WORK_DIR, `starved-${rate}x.json`);
  const code = await new Promise<number>((done) => {
    const child = spawn(
      "npx",
      // One test at a time: two tests side by side would be up to ten throttled pages on two cores.
      [
        "playwright",
        "test",
        ...specs,
        "--repeat-each",
        repeatEach,
        "--workers=1",
        "--reporter=list,json",
      ],
      {
        cwd: root,
        stdio: "inherit",
        env: {
          ...process.env,
          E2E_CPU_THROTTLE: String(rate),
          // A page does the same work `rate` times slower: each test's budget is scaled alike. A
          // duplicate or a lost signup still fails its test, by its count of emails.
          E2E_TEST_TIMEOUT_MS: String(TEST_BUDGET_MS * rate),
          PLAYWRIGHT_JSON_OUTPUT_FILE: reportPath,
        },
      },
    );
    child.on("exit", (exitCode) => done(exitCode ?? 1));
  });
  const report = JSON.parse(await readFile(reportPath, "utf8")) as Report;
  const outbox = await readFile(resolve(root, E2E_WORK_DIR, "outbox.jsonl"), "utf8").catch(
    () => "",
  );
  const emails = outbox
    .split("\n")
    .filter((line) => line.endsWith("}"))
    .map(
      (line) => (JSON.parse(line) as { template_params: { email: string } }).template_params.email,
    );
  return { code, report, emails };
}

/** How many emails each address got. */
function countPerAddress(emails: string[]): Map<string, number> {
  const perAddress = new Map<string, number>();
  for (const email of emails) perAddress.set(email, (perAddress.get(email) ?? 0) + 1);
  return perAddress;
}

/** The addresses that got more than one email. */
function duplicated(perAddress: Map<string, number>): number {
  return [...perAddress].filter(([, count]) => count > 1).length;
}

/** The test's label of an address made by uniqueEmail (tests/e2e/support/guards.ts). */
const label = (email: string) => email.replace(/-[0-9a-f]{8}@.*$/, "");

/** How many addresses got how many emails, each count with the tests' labels for its addresses. */
function emailsPerAddress(perAddress: Map<string, number>): string {
  const byCount = new Map<number, Set<string>>();
  for (const [email, count] of perAddress) {
    const labels = byCount.get(count) ?? new Set<string>();
    labels.add(label(email));
    byCount.set(count, labels);
  }
  return [...byCount]
    .sort(([a], [b]) => a - b)
    .map(([count, labels]) => {
      const addresses = [...perAddress.values()].filter((n) => n === count).length;
      return `${addresses} with ${count} (${[...labels].sort().join(", ")})`;
    })
    .join("; ");
}

const started = Date.now();
const loops = busyLoops();
let failed = 0;
let runs = 0;
let duplicates = 0;
try {
  for (const rate of rates) {
    const { code, report, emails } = await runAt(rate);
    const { expected, unexpected, flaky } = report.stats;
    runs += expected + unexpected + flaky;
    failed += unexpected + flaky + (code !== 0 && unexpected === 0 ? 1 : 0);
    const perAddress = countPerAddress(emails);
    const duplicatedHere = duplicated(perAddress);
    duplicates += duplicatedHere;
    console.log(
      `starved ${rate}x: ${expected + unexpected + flaky} runs, ${unexpected + flaky} failed, ` +
        `${duplicatedHere} addresses duplicated; emails per address: ${emailsPerAddress(perAddress)}`,
    );
  }
} finally {
  for (const loop of loops) loop.kill();
}
const seconds = Math.round((Date.now() - started) / 1000);
console.log(
  `starved: ${runs} runs at ${rates.join("x and ")}x beside ${loops.length} busy loops, ${failed} failed ` +
    `(a lost signup fails its test), ${duplicates} addresses duplicated, in ${seconds} s`,
);
process.exitCode = failed === 0 && duplicates === 0 ? 0 : 1;
