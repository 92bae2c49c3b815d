/**
 * The Lighthouse runs: a fresh Chromium per run, the pages taking turns in each round, how busy the
 * machine was just before each run, and the raw result of each run written to disk.
 */
import { writeFile } from "node:fs/promises";
import { cpus } from "node:os";
import { resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { launch } from "chrome-launcher";
import lighthouse, { type Config, type Result } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { CHROMIUM_ARGS, chromiumExecutable } from "../../tests/e2e/support/browser";
import { breakdownOf, figuresOf, type Run, scriptUrls, trimmed } from "./figures";
import { millis, score, seconds } from "./metrics";
import { PAGES } from "./pages";
import { CHROME_DEBUG_PORT } from "./servers";
import { inlineCssBytes, scriptBytes } from "./weights";

/**
 * How busy the machine was just before each run, sampled over this long: recorded, never waited on.
 * The figures must hold on a machine doing other work; the bare page in the same round shows the noise.
 */
const CPU_SAMPLE_MS = 500;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

export type Preset = { name: "mobile" | "desktop"; runs: number; config?: Config };

/** Mobile (Lighthouse's default: slow 4G, 4x CPU) carries the bars; desktop is informational. */
export function presets(mobileRuns: number, desktopRuns: number): Preset[] {
  return [
    { name: "mobile", runs: mobileRuns },
    { name: "desktop", runs: desktopRuns, config: desktopConfig },
  ];
}

function cpuTimes() {
  let idle = 0;
  let total = 0;
  for (const { times } of cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, total };
}

/** The share of the machine's CPU time that other work took over one short sample, 0..1. */
async function sampleBusy(): Promise<number> {
  const before = cpuTimes();
  await sleep(CPU_SAMPLE_MS);
  const after = cpuTimes();
  const total = after.total - before.total;
  return total > 0 ? 1 - (after.idle - before.idle) / total : 0;
}

/** A fresh Chromium, with a fresh empty profile, for every run. */
async function runLighthouse(url: string, preset: Preset): Promise<Result> {
  const chrome = await launch({
    chromePath: chromiumExecutable(),
    chromeFlags: [...CHROMIUM_ARGS, "--headless=new"],
    logLevel: "silent",
    ...(CHROME_DEBUG_PORT ? { port: CHROME_DEBUG_PORT } : {}),
  });
  try {
    const flags = { port: chrome.port, onlyCategories: CATEGORIES, logLevel: "error" as const };
    const result = await lighthouse(url, flags, preset.config);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
    return result.lhr;
  } finally {
    // Gone before the next run starts: with BENCH_PORT set, the next Chromium takes the same port.
    const { process: child } = chrome;
    const gone =
      child.exitCode !== null || child.signalCode !== null
        ? Promise.resolve()
        : new Promise((resolve) => child.once("close", resolve));
    chrome.kill();
    await gone;
  }
}

/**
 * Lighthouse now and then fails to record a trace on a loaded machine (NO_NAVSTART): such a run is
 * tried once more rather than lost, so each page keeps its number of runs.
 */
async function runLighthouseWithRetry(url: string, preset: Preset, name: string): Promise<Result> {
  try {
    return await runLighthouse(url, preset);
  } catch (error) {
    console.log(`${name.padEnd(22)} failed (${(error as Error).message}); trying once more`);
    return runLighthouse(url, preset);
  }
}

/** Every preset's rounds over every page at `urls` (by page name); raw results go to `rawDir`. */
export async function measureAll(
  urls: Record<string, string>,
  presetList: Preset[],
  rawDir: string,
): Promise<Run[]> {
  const runs: Run[] = [];
  const inlineCss = Object.fromEntries(
    await Promise.all(
      PAGES.map(async (page) => [page.name, await inlineCssBytes(urls[page.name] ?? "")]),
    ),
  );
  for (const preset of presetList) {
    // Pages take turns within each round, so a noisy minute hurts all three alike.
    for (let round = 1; round <= preset.runs; round++) {
      for (const page of PAGES) {
        const name = `${page.name}-${preset.name}-${round}`;
        const busy = await sampleBusy();
        const cpuNote = `machine ${Math.round(busy * 100)}% busy`;
        const url = urls[page.name] ?? "";
        try {
          const lhr = await runLighthouseWithRetry(url, preset, name);
          const { figures, offenders } = figuresOf(lhr, new URL(url).origin, {
            inlineCss: inlineCss[page.name] ?? 0,
            js: await scriptBytes(scriptUrls(lhr)),
          });
          const breakdown = breakdownOf(lhr);
          runs.push({
            preset: preset.name,
            page: page.name,
            round,
            machineBusy: busy,
            figures,
            breakdown,
            offenders,
          });
          const raw = { machineBusy: busy, breakdown, ...trimmed(lhr) };
          await writeFile(resolve(rawDir, `${name}.json`), `${JSON.stringify(raw, null, 2)}\n`);
          console.log(
            `${name.padEnd(22)} ${cpuNote}; performance ${score(figures.performance)}, TBT ${millis(figures.tbt)}, LCP ${seconds(figures.lcp)}, CPU index ${Math.round(figures.benchmarkIndex)}`,
          );
        } catch (error) {
          console.log(`${name.padEnd(22)} ${cpuNote}; run failed: ${(error as Error).message}`);
        }
      }
    }
  }
  return runs;
}
