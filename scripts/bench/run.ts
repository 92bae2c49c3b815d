/**
 * Benchmarks the production build with Lighthouse beside a bare reference page, the React floor and
 * the same-page floor (made from this run's build of `/`), and at 4x CPU beside the same-page floor,
 * the React floor and the bare page, in interleaved rounds on the same (possibly busy) machine, and
 * prints medians with their spread next to the bars of scripts/bench/budgets.ts
 * (docs/performance.md says how to read it). The run fails when the React floor's own LCP breaks the
 * LCP rule, or the same-page floor does not hydrate the form as served: a broken yardstick measures
 * nothing.
 * Run: npm run bench [-- --runs 1] (raw results in reports/bench/raw/<timestamp>/).
 */
import { mkdir, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { measureAgainstFloors } from "./floor-runs";
import { measureFormLive } from "./form-live";
import { FIGURE_KEYS, GROUP_LABELS, verdictsOf, WORST_KEYS } from "./metrics";
import { PAGES } from "./pages";
import { floorReport, printBreakdown, printNoise, printPreset, reactFloorLcpCheck } from "./report";
import { measureAll, presets } from "./runs";
import {
  buildAndServe,
  startReactFloorServer,
  startReferenceServer,
  startSamePageFloorServer,
} from "./servers";
import { breakdownSpreads, noisyRounds, pageFiguresOf } from "./statistics";

const MOBILE_RUNS = 9;
const DESKTOP_RUNS = 3;

const root = resolve(import.meta.dirname, "../..");
const benchDir = resolve(root, "reports/bench");

// `--runs N` runs every preset N times: a quick look while changing the bench, not a measurement.
const { values } = parseArgs({ options: { runs: { type: "string" } } });
const quickRuns = values.runs === undefined ? undefined : Number(values.runs);
if (quickRuns !== undefined && !(Number.isInteger(quickRuns) && quickRuns > 0)) {
  throw new Error(`--runs takes a whole number above 0; got '${values.runs}'`);
}
const mobileRuns = quickRuns ?? MOBILE_RUNS;
const presetList = presets(mobileRuns, quickRuns ?? DESKTOP_RUNS);
const pageNames = PAGES.map((page) => page.name);

async function main() {
  const startedAt = new Date();
  const rawDir = resolve(benchDir, "raw", startedAt.toISOString().replace(/[:.]/g, "-"));
  await mkdir(rawDir, { recursive: true });
  const site = await buildAndServe(resolve(benchDir, "site"));
  const signals = await buildAndServe(resolve(benchDir, "site-with-signals"), { signals: true });
  const reference = await startReferenceServer();
  const reactFloor = await startReactFloorServer();
  const samePageFloor = await startSamePageFloorServer(site.distDir);
  const servers = { site, signals, reference, reactFloor, samePageFloor };
  const urls = Object.fromEntries(
    PAGES.map((page) => [page.name, `${servers[page.served].url}${page.path}`]),
  );
  console.log(
    `Site ${site.url}, with the field signals ${signals.url}, reference ${reference.url}, React floor ${reactFloor.url}, same-page floor ${samePageFloor.url}; raw results in ${rawDir}`,
  );
  try {
    const runs = await measureAll(urls, presetList, rawDir);
    const options = {
      pages: pageNames,
      keys: FIGURE_KEYS,
      worst: WORST_KEYS,
      reference: "reference",
    };
    const figures = Object.fromEntries(
      presetList.map((preset) => [preset.name, pageFiguresOf(runs, preset.name, options)]),
    );
    for (const preset of presetList) printPreset(preset, figures[preset.name] ?? {});
    console.log("* worst run, not the median");
    console.log(
      "SEO bar on / only: /success carries noindex on purpose, so is-crawlable fails there.",
    );
    const offenders = [...new Set(runs.flatMap((run) => run.offenders))];
    for (const url of offenders) console.log(`off-origin or render-blocking: ${url}`);
    const mobile = runs.filter((run) => run.preset === "mobile");
    const breakdown = breakdownSpreads(mobile, pageNames, Object.keys(GROUP_LABELS));
    printBreakdown(breakdown, mobileRuns);
    const noisy = noisyRounds(runs, "mobile");
    printNoise(noisy, mobileRuns);
    const floorCheck = reactFloorLcpCheck(figures.mobile ?? {});
    const landing = urls.landing ?? "";
    const floorRuns = await measureAgainstFloors(
      {
        site: landing,
        withSignals: urls.landingWithSignals ?? "",
        samePageFloor: urls.samePageFloor ?? "",
        reactFloor: urls.reactFloor ?? "",
        bare: urls.reference ?? "",
      },
      mobileRuns,
    );
    const floors = floorReport(
      floorRuns,
      await measureFormLive(landing, mobileRuns, { slowNetwork: true }),
    );
    const verdicts = [...verdictsOf(figures.mobile ?? {}), ...floors.verdicts];
    const durationMs = Date.now() - startedAt.getTime();
    const summaryFile = resolve(rawDir, "summary.json");
    const summaryJson = {
      startedAt,
      durationMs,
      urls,
      noisyRounds: noisy,
      figures,
      breakdown,
      formLive: floors.formLive,
      input: floors.input,
      paintWork: floors.paintWork,
      verdicts,
      reactFloorLcp: floorCheck,
      offenders,
    };
    await writeFile(summaryFile, `${JSON.stringify(summaryJson, null, 2)}\n`);
    console.log(`Total time ${(durationMs / 60_000).toFixed(1)} min; summary in ${summaryFile}`);
    const holding = verdicts.filter((verdict) => verdict.holds).length;
    console.log(
      `bars: ${holding} hold, ${verdicts.length - holding} do not${noisy.length > 0 ? " (noisy run)" : ""}`,
    );
    if (!floorCheck.holds) {
      const broken = `the React floor broke the LCP rule (${floorCheck.value}): its figures are no floor`;
      // A quick look (`--runs N`) measures nothing to begin with: one noisy run of the floor must
      // not fail it (CI runs one to keep the command working).
      if (quickRuns === undefined) throw new Error(`${broken}, so this run measured nothing`);
      console.log(`${broken}; a measurement would fail here (this quick look does not)`);
    }
  } finally {
    await Promise.all(
      [site, signals, reference, reactFloor, samePageFloor].map((served) => served.close()),
    );
  }
}

await main();
