/**
 * What the bench prints: a table per preset (median [min-max] beside each bar, "ok" or "NO"), the
 * main thread's work by Lighthouse's groups, whether the run was noisy, and the figures judged
 * against the floors (form live, the input during start-up) with the work before first paint.
 */
import { FLOOR_BARS } from "./budgets";
import type { FloorRuns } from "./floor-runs";
import type { FormLive } from "./form-live";
import {
  barApplies,
  GROUP_LABELS,
  METRICS,
  type Metric,
  millis,
  seconds,
  summaryOf,
  type Verdict,
} from "./metrics";
import { PAGES } from "./pages";
import { COUNTED_KINDS, type PaintWork } from "./paint-work";
import type { Preset } from "./runs";
import { INPUT_MOMENTS_MS, type StartUpInput } from "./start-up-input";
import { median, type PageFigures, type Spread, spreadOf } from "./statistics";

function cell(metric: Metric, page: string, figures: Record<string, PageFigures>): string {
  const value = summaryOf(figures, page)[metric.key] ?? Number.NaN;
  if (Number.isNaN(value)) return "n/a";
  let text = metric.format(value);
  const spread =
    metric.key === "lcpRatio" || metric.key === "lcpMaxRatio"
      ? undefined
      : figures[page]?.spreads[metric.key];
  if (metric.spread && spread) {
    text += ` [${metric.format(spread.min)}-${metric.format(spread.max)}]`;
  }
  if (!barApplies(metric.bar, page)) return text;
  return `${text} ${metric.bar.holds(value, summaryOf(figures, "reference")) ? "ok" : "NO"}`;
}

function printTable(title: string, header: string[], rows: string[][]) {
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((row) => (row[column] ?? "").length)),
  );
  const line = (row: string[]) =>
    row
      .map((text, column) => text.padEnd(widths[column] ?? 0))
      .join("  ")
      .trimEnd();
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(line(widths.map((width) => "-".repeat(width))));
  for (const row of rows) console.log(line(row));
}

export function printPreset(preset: Preset, figures: Record<string, PageFigures>) {
  const counted = preset.name === "mobile" ? "bars counted" : "bars informational";
  const rows = METRICS.map((metric) => [
    metric.label,
    ...PAGES.map((page) => cell(metric, page.name, figures)),
    metric.bar?.text ?? "",
  ]);
  printTable(
    `${preset.name}: median [min-max] of ${preset.runs} runs (${counted}); reference = the bare page`,
    ["metric", ...PAGES.map((page) => page.label), "bar"],
    rows,
  );
}

/** Lighthouse's main-thread breakdown per page, median [min-max] of the mobile runs, in ms. */
export function printBreakdown(table: Record<string, Record<string, Spread>>, runs: number) {
  const format = (spread: Spread | undefined) =>
    spread ? `${millis(spread.median)} [${millis(spread.min)}-${millis(spread.max)}]` : "n/a";
  printTable(
    `main-thread work by Lighthouse's groups, mobile (4x CPU as Lighthouse scales it), median [min-max] of ${runs} runs`,
    ["group", ...PAGES.map((page) => page.label)],
    [...Object.keys(GROUP_LABELS), "total"].map((group) => [
      GROUP_LABELS[group] ?? "total",
      ...PAGES.map((page) => format(table[page.name]?.[group])),
    ]),
  );
}

export function printNoise(noisy: number[], runs: number, referenceTbt: Spread | undefined) {
  console.log(
    noisy.length > 0
      ? `\nNOISY: the bare page showed TBT above 0 in mobile round ${noisy.join(", ")} of ${runs} (max ${millis(referenceTbt?.max ?? Number.NaN)}): the machine was busy; read the site's figures against the bare page's.`
      : `\nquiet: the bare page showed no TBT in any of the ${runs} mobile rounds.`,
  );
}

/**
 * Whether the React floor keeps the LCP rule it stands for: its median LCP beside the bare page's,
 * printed, with the ratio judged by FLOOR_BARS.reactFloorLcpRatio (the run fails if it does not).
 */
export function reactFloorLcpCheck(figures: Record<string, PageFigures>) {
  const bar = FLOOR_BARS.reactFloorLcpRatio;
  const floor = figures.reactFloor?.spreads.lcp;
  const bare = figures.reference?.spreads.lcp;
  const ratio = summaryOf(figures, "reactFloor").lcpRatio;
  const holds = ratio <= bar;
  const lcp = (spread: Spread | undefined) =>
    spread ? `${seconds(spread.median)} [${seconds(spread.min)}-${seconds(spread.max)}]` : "n/a";
  const value = `LCP ${lcp(floor)} against the bare page's ${lcp(bare)}: ${ratio.toFixed(2)}x`;
  console.log(
    `\nReact floor keeps the LCP rule (its app starts after its first contentful paint and a frame): ${value} ${holds ? "ok" : "NO"} (<= ${bar}x, or the run fails)`,
  );
  return { value, bar: `<= ${bar}x`, holds };
}

const spreadText = (spread: Spread) =>
  `${millis(spread.median)} [${millis(spread.min)}-${millis(spread.max)}]`;

/**
 * The floors' tables: form live from navigation on the site, in both builds, beside the React floor
 * (and the site with slow 4G added, informational), the inputs during start-up on the site beside
 * the floor, and the work before FCP by kind on the site beside the bare page (informational).
 * Returns the bars' verdicts and the figures for the summary.
 */
export function floorReport(measured: FloorRuns, slowNetwork: FormLive[]) {
  const { formLiveOverReactFloor, inputOverReactFloorMs } = FLOOR_BARS;
  const fromNavigation = (runs: FormLive[]) => spreadOf(runs.map((run) => run.formLive));
  const afterFcp = (runs: FormLive[]) => spreadOf(runs.map((run) => run.formLive - run.fcp));
  const formLive = {
    site: fromNavigation(measured.siteFormLive),
    withSignals: fromNavigation(measured.withSignalsFormLive),
    reactFloor: fromNavigation(measured.floorFormLive),
    siteSlow4g: fromNavigation(slowNetwork),
  };
  const formRatio = (site: Spread) => site.median / formLive.reactFloor.median;
  // The two builds of / held to the bar, named once: the table's rows and the verdicts both come
  // from this list, so a build cannot be in one and not the other.
  const landingBuilds = [
    { label: "site /", page: "landing", runs: measured.siteFormLive, spread: formLive.site },
    {
      label: "site /, field signals on",
      page: "landingWithSignals",
      runs: measured.withSignalsFormLive,
      spread: formLive.withSignals,
    },
  ];
  const formRows = [
    ...landingBuilds,
    { label: "React floor", runs: measured.floorFormLive, spread: formLive.reactFloor },
    { label: "site /, slow 4G added", runs: slowNetwork, spread: formLive.siteSlow4g },
  ];
  printTable(
    `form live: the form's field React's, 4x CPU, median [min-max] of ${measured.siteFormLive.length} interleaved runs (bar: site <= ${formLiveOverReactFloor}x the React floor, from navigation)`,
    ["page", "FCP", "form live", "/ React floor", "form live - FCP"],
    formRows.map(({ label, runs, spread }) => [
      label,
      seconds(median(runs.map((run) => run.fcp))),
      spreadText(spread),
      `${formRatio(spread).toFixed(2)}x`,
      spreadText(afterFcp(runs)),
    ]),
  );
  const verdicts: Verdict[] = [];
  for (const { label, page, spread } of landingBuilds) {
    const ratio = formRatio(spread);
    const holds = ratio <= formLiveOverReactFloor;
    console.log(`${label} / React floor: ${ratio.toFixed(2)}x ${holds ? "ok" : "NO"}`);
    verdicts.push({
      page,
      metric: "form live from navigation / React floor",
      bar: `<= ${formLiveOverReactFloor}x`,
      value: `${ratio.toFixed(2)}x (${spreadText(spread)} vs ${spreadText(formLive.reactFloor)})`,
      holds,
    });
  }
  console.log("(slow 4G informational)");

  const input = {
    site: inputSpreads(measured.siteInput),
    reactFloor: inputSpreads(measured.floorInput),
  };
  printTable(
    `input during start-up: the longest event to next paint (Event Timing; 0: under 16 ms) of a tap on the field and a letter typed, 4x CPU, median [min-max] of ${measured.siteInput.length} interleaved runs (bar: site's longest <= the React floor's + ${inputOverReactFloorMs} ms)`,
    ["moment", "site /", "React floor", "site - floor"],
    [
      ...INPUT_MOMENTS_MS.map((moment, index) => [`FCP + ${moment} ms`, index] as const),
      ["longest", -1] as const,
    ].map(([label, index]) => {
      const site = index === -1 ? input.site.longest : input.site.byMoment[index];
      const floor = index === -1 ? input.reactFloor.longest : input.reactFloor.byMoment[index];
      return [
        label,
        site ? spreadText(site) : "n/a",
        floor ? spreadText(floor) : "n/a",
        site && floor ? millis(site.median - floor.median) : "n/a",
      ];
    }),
  );
  const inputOver = input.site.longest.median - input.reactFloor.longest.median;
  const inputHolds = inputOver <= inputOverReactFloorMs;
  console.log(
    `site - React floor, longest input: ${millis(inputOver)} ${inputHolds ? "ok" : "NO"}`,
  );
  verdicts.push({
    page: "landing",
    metric: "input during start-up - React floor",
    bar: `<= + ${inputOverReactFloorMs} ms`,
    value: `${millis(inputOver)} (${spreadText(input.site.longest)} vs ${spreadText(input.reactFloor.longest)})`,
    holds: inputHolds,
  });

  const work = (runs: PaintWork[]) =>
    Object.fromEntries(
      [...COUNTED_KINDS, "total", "other"].map((kind) => [
        kind,
        spreadOf(runs.map((run) => run[kind as keyof PaintWork])),
      ]),
    ) as Record<keyof PaintWork, Spread>;
  const paintWork = { site: work(measured.sitePaintWork), bare: work(measured.barePaintWork) };
  printTable(
    `main-thread work before FCP by kind (Chromium trace), 4x CPU, median [min-max] of ${measured.sitePaintWork.length} interleaved runs (informational: the first screen's own cost; "other", the navigation's commit)`,
    ["kind", "site /", "bare page", "site / bare"],
    ([...COUNTED_KINDS, "total", "other"] as const).map((kind) => [
      kind,
      spreadText(paintWork.site[kind]),
      spreadText(paintWork.bare[kind]),
      `${(paintWork.site[kind].median / paintWork.bare[kind].median).toFixed(2)}x`,
    ]),
  );
  return { verdicts, formLive, input, paintWork };
}

/** The inputs' spreads over the runs: the longest, and each moment's. */
function inputSpreads(runs: StartUpInput[]) {
  return {
    longest: spreadOf(runs.map((run) => run.longest)),
    byMoment: INPUT_MOMENTS_MS.map((_, index) =>
      spreadOf(runs.map((run) => run.byMoment[index] ?? Number.NaN)),
    ),
  };
}
