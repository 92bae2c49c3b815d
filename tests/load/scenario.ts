/**
 * One launch-day scenario in a process of its own (the SDK points at one origin per process): an
 * emulator with the scenario's limits, the crowd arriving, then one JSON line with each visitor's
 * outcome and the emulator's outbox. Started by tests/load/run.ts, which builds the site for the
 * visitors in pages meanwhile: with a site URL, the crowd arrives once a line on stdin says the
 * site is up, and the scenario ends if stdin closes without one.
 * Run: tsx tests/load/scenario.ts <plan> <name> <emulator port> [site URL for the in-browser visitors]
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { emulatorControls } from "../../server/emulator/client";
import { type Funnel, funnel } from "../../server/emulator/funnel";
import { startEmulator } from "../../server/emulator/server";
import { startBrowser, visitInBrowser } from "./browser-visitors";
import {
  CROWD_IDS,
  initSdk,
  signalsPosted,
  startCrowdSignals,
  type VisitorResult,
  visit,
} from "./crowd";
import { type LoadPlanName, loadPlans } from "./scenarios";

export type ScenarioReport = {
  name: string;
  results: (VisitorResult & { inBrowser: boolean; sawStillSending?: boolean })[];
  /** How many times each address reached the outbox. */
  arrivals: Record<string, number>;
  /** Seconds from the first arrival to the last delivery. */
  lastDeliveryS: number;
  /** The funnel of the visitors simulated in Node, from their field signals. */
  funnel: Funnel;
};

const [planName, name, port, siteUrl] = process.argv.slice(2);
const plan = loadPlans[planName as LoadPlanName] as (typeof loadPlans)[LoadPlanName] | undefined;
const scenario = plan?.scenarios.find((candidate) => candidate.name === name);
if (!plan || !scenario || !port) {
  const plans = Object.keys(loadPlans).join("|");
  throw new Error(`Usage: scenario.ts <${plans}> <scenario name> <port> [site]`);
}

/** Resolves on run.ts's line that the site is up; stdin closed without one ends the process. */
function siteUp(): Promise<void> {
  return new Promise((done) => {
    let told = false;
    process.stdin.once("data", () => {
      told = true;
      process.stdin.destroy();
      done();
    });
    process.stdin.once("end", () => {
      if (told) return;
      console.error(`${name}: no site to visit (its build failed?)`);
      process.exit(1);
    });
  });
}

const workDir = await mkdtemp(join(tmpdir(), "bulwark-load-"));
const emulator = await startEmulator({
  port: Number(port),
  outboxPath: join(workDir, "outbox.jsonl"),
  ...CROWD_IDS,
  limits: { ratePerSecond: scenario.ratePerSecond, quota: scenario.quota },
  outageMs: scenario.outageMs,
  log: () => {},
});
initSdk(emulator.url);
startCrowdSignals(emulator.url, siteUrl ?? emulator.url);
const browser = scenario.inBrowser > 0 ? await startBrowser() : undefined;
if (siteUrl !== undefined) await siteUp();

const slug = scenario.name.replace(/\W+/g, "-");
const started = Date.now();
let lastDelivery = started;
const browserSlots = new Set(
  Array.from({ length: scenario.inBrowser }, (_, i) =>
    Math.floor(((i + 0.5) * scenario.visitors) / scenario.inBrowser),
  ),
);
const results = await Promise.all(
  Array.from({ length: scenario.visitors }, async (_, i) => {
    await sleep(Math.random() * scenario.arrivalMs);
    const email = `${slug}-${i}-${process.pid}@example.com`;
    const inBrowser = browserSlots.has(i) && browser !== undefined && siteUrl !== undefined;
    const result = inBrowser
      ? await visitInBrowser(browser, siteUrl, email)
      : await visit(email, plan.retryBudgetMs);
    if (result.outcome === "sent") lastDelivery = Math.max(lastDelivery, Date.now());
    return { ...result, inBrowser };
  }),
);
await browser?.close();

await signalsPosted();
const controls = emulatorControls(emulator.url);
const outbox = await controls.outbox();
const events = await controls.events();
const arrivals: Record<string, number> = {};
for (const entry of outbox) {
  const email = String(entry.template_params.email);
  arrivals[email] = (arrivals[email] ?? 0) + 1;
}
await emulator.close();
await rm(workDir, { recursive: true, force: true });
const report: ScenarioReport = {
  name: scenario.name,
  results,
  arrivals,
  lastDeliveryS: (lastDelivery - started) / 1000,
  funnel: funnel(events),
};
console.log(`REPORT ${JSON.stringify(report)}`);
