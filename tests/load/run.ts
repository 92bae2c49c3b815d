/**
 * `npm run test:load`: the launch-day scenarios (tests/load/scenarios.ts) side by side, each against
 * its own emulator with EmailJS's limits on, over real HTTP. Prints a row per scenario (delivered,
 * duplicated, told of a failure, lost silently, seconds to delivery) and ends with
 * `load: N delivered, D duplicated, L lost silently of M`; exits 1 when a bar does not hold.
 * Run: npm run test:load [-- --quick] (`--quick`: a small crowd and a 20 s retry budget, under a
 * minute, to prove the test still runs; scenarios.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildSite } from "../../scripts/build/build";
import { formatFunnel } from "../../server/emulator/funnel";
import { readBuildSettings } from "../../server/preview";
import { startPreviewServer } from "../../server/preview-server";
import { setOnlyExplicitSettings } from "../e2e/support/stack-settings";
import { CROWD_IDS } from "./crowd";
import type { ScenarioReport } from "./scenario";
import { loadPlans, PRODUCTION_TIMINGS, type Scenario } from "./scenarios";

const root = resolve(import.meta.dirname, "../..");
const base = Number(process.env.LOAD_PORT_BASE) || 4420;
const siteUrl = `http://127.0.0.1:${base}`;
const emulatorPort = (index: number) => base + 1 + index;
const started = Date.now();
const secondsSinceStart = () => ((Date.now() - started) / 1000).toFixed(0);
const { values } = parseArgs({ options: { quick: { type: "boolean", default: false } } });
const planName = values.quick ? "quick" : "full";
const { retryBudgetMs, scenarios } = loadPlans[planName];

/**
 * The site the in-browser visitors use, built as `npm start` builds it but with the plan's timings.
 * Its settings are set before its first await: the scenarios started meanwhile inherit them too.
 */
async function serveSite(origin: string) {
  // Only these settings, whatever the shell exports.
  setOnlyExplicitSettings({
    VITE_EMAILJS_PUBLIC_KEY: CROWD_IDS.publicKey,
    VITE_EMAILJS_SERVICE_ID: CROWD_IDS.serviceId,
    VITE_EMAILJS_TEMPLATE_ID: CROWD_IDS.templateId,
    VITE_EMAILJS_ORIGIN: origin,
    VITE_EMAILJS_TIMEOUT_MS: String(PRODUCTION_TIMINGS.timeoutMs),
    VITE_SIGNUP_RETRY_BUDGET_MS: String(retryBudgetMs),
    SITE_URL: siteUrl,
  });
  // Inside the repository: the prerender imports the server bundle, which needs node_modules.
  const workDir = resolve(root, ".load", String(base));
  await rm(workDir, { recursive: true, force: true });
  await buildSite({ mode: "emulator", outDir: workDir });
  const server = await startPreviewServer({
    distDir: join(workDir, "dist"),
    settings: await readBuildSettings(workDir),
    port: base,
    portSetting: "LOAD_PORT_BASE",
  });
  console.log(`load: the site for the visitors in pages is up after ${secondsSinceStart()} s`);
  return async () => {
    await server.close();
    await rm(workDir, { recursive: true, force: true });
  };
}

/** The scenarios still running, stopped when another one or the site fails. */
const running = new Set<ChildProcess>();

/**
 * Starts a scenario at once. One with visitors in pages starts its emulator and browser while the
 * site builds, and its crowd arrives once told on stdin that the site is up (scenario.ts).
 */
function runScenario(
  scenario: Scenario,
  index: number,
  site: Promise<unknown>,
): Promise<ScenarioReport> {
  const inPages = scenario.inBrowser > 0;
  const constants = "./tests/load/build-constants.ts";
  const args = ["--import", "tsx", "--import", constants, "tests/load/scenario.ts", planName];
  args.push(scenario.name);
  args.push(String(emulatorPort(index)));
  if (inPages) args.push(siteUrl);
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: [inPages ? "pipe" : "ignore", "pipe", "inherit"],
    });
    running.add(child);
    // Without the line (no site), the scenario ends at once.
    if (inPages) {
      site.then(
        () => child.stdin?.end("site up\n"),
        () => child.stdin?.end(),
      );
    }
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", fail);
    child.on("exit", (code) => {
      running.delete(child);
      const line = output.split("\n").find((candidate) => candidate.startsWith("REPORT "));
      if (code !== 0 || !line)
        return fail(new Error(`${scenario.name} exited ${code}:\n${output}`));
      done(JSON.parse(line.slice("REPORT ".length)) as ScenarioReport);
    });
  });
}

function percentile(sorted: number[], share: number): string {
  if (sorted.length === 0) return "-";
  return (sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0).toFixed(1);
}

type Row = {
  name: string;
  visitors: number;
  delivered: number;
  duplicated: number;
  told: number;
  lost: number;
  p50: string;
  p95: string;
  lastS: number;
  bars: string[];
};

function summarise(scenario: Scenario, report: ScenarioReport): Row {
  const arrived = (email: string) => report.arrivals[email] ?? 0;
  const delivered = report.results.filter((result) => arrived(result.email) > 0);
  const times = report.results
    .filter((result) => result.outcome === "sent")
    .map((result) => result.seconds)
    .sort((a, b) => a - b);
  const row: Row = {
    name: scenario.name,
    visitors: report.results.length,
    delivered: delivered.length,
    duplicated: report.results.filter((result) => arrived(result.email) > 1).length,
    told: report.results.filter((result) => result.outcome === "told").length,
    // Neither delivered nor told: a visitor who believes all went well, or waits forever.
    lost: report.results.filter(
      (result) => arrived(result.email) === 0 && result.outcome !== "told",
    ).length,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    lastS: report.lastDeliveryS,
    bars: [],
  };
  if (row.lost > 0) row.bars.push(`${row.lost} lost silently`);
  if (row.duplicated > 0) row.bars.push(`${row.duplicated} duplicated`);
  const { allDeliveredWithinS, noneTold } = scenario.expect;
  if (allDeliveredWithinS !== undefined) {
    if (row.delivered < row.visitors)
      row.bars.push(`${row.visitors - row.delivered} not delivered`);
    if (row.lastS > allDeliveredWithinS)
      row.bars.push(`last delivery after ${row.lastS.toFixed(0)} s`);
  }
  if (noneTold && row.told > 0) row.bars.push(`${row.told} told of a failure`);
  return row;
}

// The site sends to the emulator of the plan's scenario with visitors in pages.
const withPages = Math.max(
  0,
  scenarios.findIndex((scenario) => scenario.inBrowser > 0),
);
const site = serveSite(`http://127.0.0.1:${emulatorPort(withPages)}`);
let reports: ScenarioReport[];
try {
  console.log(
    `load: ${scenarios.length} scenarios side by side (${planName}), each with its own emulator`,
  );
  // The site first: a failed build is the error told, not the scenario it stopped.
  const [, ...ended] = await Promise.all([
    site,
    ...scenarios.map((scenario, index) => runScenario(scenario, index, site)),
  ]);
  reports = ended;
} catch (error) {
  for (const child of running) child.kill();
  throw error;
} finally {
  await site.then(
    (stopSite) => stopSite(),
    () => {},
  );
}
const rows = scenarios.map((scenario, index) =>
  summarise(scenario, reports[index] as ScenarioReport),
);
const browsers = reports.flatMap((report) => report.results.filter((result) => result.inBrowser));

console.log("");
console.log(
  "| scenario | visitors | delivered | duplicated | told of a failure | lost silently | p50 s | p95 s | last delivery s | bars |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|");
for (const row of rows) {
  const bars = row.bars.length === 0 ? "hold" : `NO: ${row.bars.join(", ")}`;
  console.log(
    `| ${row.name} | ${row.visitors} | ${row.delivered} | ${row.duplicated} | ${row.told} | ${row.lost} | ${row.p50} | ${row.p95} | ${row.lastS.toFixed(1)} | ${bars} |`,
  );
}
for (const visitor of browsers) {
  console.log(
    `in a real page: ${visitor.outcome} after ${visitor.seconds.toFixed(1)} s${visitor.sawStillSending ? ", told it was still being sent meanwhile" : ""}`,
  );
}
// Each scenario's funnel, from the field signals of its visitors simulated in Node (docs/analytics.md).
for (const report of reports) {
  console.log("");
  console.log(`funnel of ${report.name}:`);
  console.log(formatFunnel(report.funnel));
}
console.log(`took ${secondsSinceStart()} s`);
const total = rows.reduce(
  (sum, row) => ({
    delivered: sum.delivered + row.delivered,
    duplicated: sum.duplicated + row.duplicated,
    lost: sum.lost + row.lost,
    visitors: sum.visitors + row.visitors,
  }),
  { delivered: 0, duplicated: 0, lost: 0, visitors: 0 },
);
console.log(
  `load: ${total.delivered} delivered, ${total.duplicated} duplicated, ${total.lost} lost silently of ${total.visitors}`,
);
if (rows.some((row) => row.bars.length > 0)) process.exitCode = 1;
