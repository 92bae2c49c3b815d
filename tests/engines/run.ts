/**
 * The visitor journeys in Firefox and WebKit against the locally built site and the EmailJS
 * emulator, then screenshots of / in each engine (Chromium too) under reports/engines/.
 * Run: npm run test:engines (xvfb-run -a tsx tests/engines/run.ts [--engine firefox|webkit] [--grep text]).
 * Its last line is `engines: firefox N passed, webkit N passed, N failed`; any failure exits 1.
 */
import { mkdir } from "node:fs/promises";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { E2E_SITE_URL, portOf } from "../e2e/support/stack-ports";
import { startTestStack } from "../e2e/support/test-stack";
import type { Engine, EngineName, EnginePage } from "./engine-page";
import { startFirefox } from "./firefox";
import { probePrelude } from "./in-page";
import { journeys } from "./journeys";
import { takeChromiumScreenshots, takeScreenshots } from "./screenshots";
import { startScriptGate } from "./script-gate";
import { withTimeout } from "./wait";
import { startWebKit } from "./webkit";

/** A journey takes 2-5 s on an idle machine; a shared, busy one can take several times that. */
const JOURNEY_TIMEOUT_MS = 60_000;

// Ports of their own beside the stack's (PORT_OFFSETS).
const WEBDRIVER_PORT = portOf("enginesWebDriver");
const GATE_PORT = portOf("enginesScriptGate");

const { values } = parseArgs({
  options: { engine: { type: "string", multiple: true }, grep: { type: "string" } },
});
const engineNames = (values.engine ?? ["firefox", "webkit"]) as EngineName[];
const selected = journeys.filter((journey) => !values.grep || journey.name.includes(values.grep));
if (selected.length === 0) {
  // A run of no journeys would pass: say so instead.
  console.error(`engines: no journey matches --grep "${values.grep}"`);
  process.exit(1);
}
const reportDir = resolve(import.meta.dirname, "../../reports/engines");

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

const runStarted = Date.now();
await mkdir(reportDir, { recursive: true });
const stack = await startTestStack(["local"]);
const gate = await startScriptGate({
  port: GATE_PORT,
  target: E2E_SITE_URL,
  prelude: probePrelude(),
});
const counts: Record<EngineName, { passed: number; failed: number }> = {
  firefox: { passed: 0, failed: 0 },
  webkit: { passed: 0, failed: 0 },
};

async function startEngine(name: EngineName): Promise<Engine> {
  return name === "firefox"
    ? startFirefox({ siteUrl: E2E_SITE_URL, gate })
    : startWebKit({ driverPort: WEBDRIVER_PORT, gate });
}

async function runEngine(name: EngineName) {
  const engineStarted = Date.now();
  let engine: Engine;
  try {
    engine = await startEngine(name);
  } catch (error) {
    console.log(`✘ ${name} did not start: ${(error as Error).message}`);
    counts[name].failed += selected.length;
    return;
  }
  try {
    for (const journey of selected) {
      const started = Date.now();
      let page: EnginePage;
      try {
        page = await engine.newPage();
      } catch (error) {
        counts[name].failed += 1;
        console.log(`  ✘ ${name} › ${journey.name}: no browser page: ${(error as Error).message}`);
        continue;
      }
      try {
        if (journey.viewport)
          await page.setViewport(journey.viewport.width, journey.viewport.height);
        await withTimeout(journey.run({ page, gate }), JOURNEY_TIMEOUT_MS, journey.name);
        const { problems } = await page.console();
        const expected = journey.expectedProblems ?? [];
        const unexpected = problems.filter((problem) => !expected.some((re) => re.test(problem)));
        if (unexpected.length > 0) {
          throw new Error(`console problems:\n      ${unexpected.join("\n      ")}`);
        }
        const missing = expected.filter((re) => !problems.some((problem) => re.test(problem)));
        if (missing.length > 0)
          throw new Error(`expected console lines missing: ${missing.join(", ")}`);
        counts[name].passed += 1;
        console.log(`  ✓ ${name} › ${journey.name} (${seconds(started)})`);
      } catch (error) {
        counts[name].failed += 1;
        console.log(`  ✘ ${name} › ${journey.name} (${seconds(started)})`);
        console.log(`      ${(error as Error).message}`);
        const pending = page.pendingCommand?.();
        if (pending) console.log(`      still waiting for the driver: ${pending}`);
        const problems = await page.console().catch(() => ({ problems: [] }));
        if (problems.problems.length > 0) {
          console.log(`      console: ${problems.problems.join(" | ")}`);
        }
      } finally {
        await page.close().catch(() => {});
      }
    }
    if (!values.grep) await takeScreenshots(engine, reportDir);
    console.log(
      `${name} ${engine.version}: ${JSON.stringify(counts[name])} in ${seconds(engineStarted)}`,
    );
  } finally {
    await engine.close();
  }
}

try {
  for (const name of engineNames) await runEngine(name);
  if (!values.grep) await takeChromiumScreenshots(E2E_SITE_URL, reportDir);
} finally {
  await gate.close();
  await stack.close();
}

const failed = counts.firefox.failed + counts.webkit.failed;
console.log(`total ${seconds(runStarted)}; screenshots in ${reportDir}`);
console.log(
  `engines: firefox ${counts.firefox.passed} passed, webkit ${counts.webkit.passed} passed, ${failed} failed`,
);
process.exit(failed > 0 ? 1 : 0);
