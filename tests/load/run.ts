/**
 * `npm run test:load`: the launch-day scenarios (tests/load/scenarios.ts) side by side, each against
 * its own emulator with EmailJS's limits on, over real HTTP. Prints a row per scenario (delivered,
 * duplicated, told of a failure, lost silently, seconds to delivery) and ends with
 * `load: N delivered, D duplicated, L lost silently of M`; exits 1 when a bar does not hold.
 */
import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { buildSite } from "../../scripts/build";
import { readBuildSettings, startPreviewServer } from "../../server/preview";
import { setOnlyExplicitSettings } from "../e2e/support/stack-settings";
import { CROWD_IDS } from "./crowd";
import type { ScenarioReport } from "./scenario";
import { type Scenario, scenarios } from "./scenarios";

const root = resolve(import.meta.dirname, "../..");
const base = Number(process.env.LOAD_PORT_BASE) || 4420;
const siteUrl = `http://127.0.0.1:${base}`;
const emulatorPort = (index: number) => base + 1 + index;

/** The site the in-browser visitors use, built as `npm start` builds it but with production timings. */
async function serveSite(origin: string) {
  // Inside the repository: the prerender imports the server bundle, which needs node_modules.
  const workDir = resolve(root, ".load", String(base));
  await rm(workDir, { recursive: true, force: true });
  // Only these settings, whatever the shell exports.
  setOnlyExplicitSettings({
    VITE_EMAILJS_PUBLIC_KEY: CROWD_IDS.publicKey,
    VITE_EMAILJS_SERVICE_ID: CROWD_IDS.serviceId,
    VITE_EMAILJS_TEMPLATE_ID: CROWD_IDS.templateId,
    VITE_EMAILJS_ORIGIN: origin,
    VITE_EMAILJS_TIMEOUT_MS: "15000",
    VITE_SIGNUP_RETRY_BUDGET_MS: "120000",
    SITE_URL: siteUrl,
  });
  await buildSite({ mode: "emulator", outDir: workDir });
  const server = await startPreviewServer({
    distDir: join(workDir, "dist"),
    settings: await readBuildSettings(workDir),
    port: base,
    portSetting: "LOAD_PORT_BASE",
  });
  return async () => {
    await server.close();
    await rm(workDir, { recursive: true, force: true });
  };
}

function runScenario(scenario: Scenario, index: number): Promise<ScenarioReport> {
  const args = ["--import", "tsx", "tests/load/scenario.ts", scenario.name];
  args.push(String(emulatorPort(index)));
  if (scenario.inBrowser > 0) args.push(siteUrl);
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", fail);
    child.on("exit", (code) => {
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

const started = Date.now();
const stopSite = await serveSite(`http://127.0.0.1:${emulatorPort(0)}`);
let reports: ScenarioReport[];
try {
  console.log(`load: ${scenarios.length} scenarios side by side, each with its own emulator`);
  reports = await Promise.all(scenarios.map(runScenario));
} finally {
  await stopSite();
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
console.log(`took ${((Date.now() - started) / 1000).toFixed(0)} s`);
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
