/**
 * What the bench prints: a table per preset (median [min-max] beside each bar, "ok" or "NO"), the
 * main thread's work by Lighthouse's groups, whether the run was noisy, and the figures judged
 * against the same-page floor, the React floor beside it (form live, the input during start-up),
 * with the work before first paint.
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
import { median, NOISY_MACHINE_BUSY, type PageFigures, type Spread, spreadOf } from "./statistics";

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

export function printNoise(noisy: number[], runs: number) {
  const share = `${Math.round(NOISY_MACHINE_BUSY * 100)}%`;
  console.log(
    noisy.length > 0
      ? `\nNOISY: other work took over ${share} of the machine before a run in mobile round ${noisy.join(", ")} of ${runs}: read the site's figures against the bare page's.`
      : `\nquiet: other work took at most ${share} of the machine before each of the ${runs} mobile rounds' runs.`,
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
 * The floors' tables: form live from navigation on the site, in both builds, beside the same-page
 * floor (the bar's) and the React floor (a reference), with the site with slow 4G added
 * (informational); the inputs during start-up on the site beside both floors; and the work before
 * FCP by kind on the site beside the bare page (informational). Returns the bars' verdicts and the
 * figures for the summary.
 */
export function floorReport(measured: FloorRuns, slowNetwork: FormLive[]) {
  const formLive = formLiveReport(measured, slowNetwork);
  const input = inputReport(measured);
  return {
    verdicts: [...formLive.verdicts, input.verdict],
    formLive: formLive.figures,
    input: input.figures,
    paintWork: paintWorkReport(measured),
  };
}

/** Form live from navigation: the table, and each build of `/` judged against the same-page floor. */
function formLiveReport(measured: FloorRuns, slowNetwork: FormLive[]) {
  const bar = FLOOR_BARS.formLiveOverSamePageFloor;
  const fromNavigation = (runs: FormLive[]) => spreadOf(runs.map((run) => run.formLive));
  const afterFcp = (runs: FormLive[]) => spreadOf(runs.map((run) => run.formLive - run.fcp));
  const figures = {
    site: fromNavigation(measured.siteFormLive),
    withSignals: fromNavigation(measured.withSignalsFormLive),
    samePageFloor: fromNavigation(measured.samePageFloorFormLive),
    reactFloor: fromNavigation(measured.reactFloorFormLive),
    siteSlow4g: fromNavigation(slowNetwork),
  };
  const ratio = (spread: Spread) => spread.median / figures.samePageFloor.median;
  // The two builds of / held to the bar, named once: the table's rows and the verdicts both come
  // from this list, so a build cannot be in one and not the other.
  const landingBuilds = [
    { label: "site /", page: "landing", runs: measured.siteFormLive, spread: figures.site },
    {
      label: "site /, field signals on",
      page: "landingWithSignals",
      runs: measured.withSignalsFormLive,
      spread: figures.withSignals,
    },
  ];
  const rows = [
    ...landingBuilds,
    {
      label: "same-page floor",
      runs: measured.samePageFloorFormLive,
      spread: figures.samePageFloor,
    },
    { label: "React floor", runs: measured.reactFloorFormLive, spread: figures.reactFloor },
    { label: "site /, slow 4G added", runs: slowNetwork, spread: figures.siteSlow4g },
  ];
  printTable(
    `form live: the form's field React's, 4x CPU, median [min-max] of ${measured.siteFormLive.length} interleaved runs (bar: site <= ${bar}x the same-page floor, from navigation; the React floor, the LCP-safe one-form floor, for reference)`,
    ["page", "FCP", "form live", "/ same-page floor", "form live - FCP"],
    rows.map(({ label, runs, spread }) => [
      label,
      seconds(median(runs.map((run) => run.fcp))),
      spreadText(spread),
      `${ratio(spread).toFixed(2)}x`,
      spreadText(afterFcp(runs)),
    ]),
  );
  const floors = `same-page floor ${spreadText(figures.samePageFloor)}, React floor ${spreadText(figures.reactFloor)}`;
  const verdicts = landingBuilds.map(({ label, page, spread }): Verdict => {
    const value = `${ratio(spread).toFixed(2)}x (${label} ${spreadText(spread)}; ${floors})`;
    const holds = ratio(spread) <= bar;
    console.log(`${label} / same-page floor: ${value} ${holds ? "ok" : "NO"}`);
    return {
      page,
      metric: "form live from navigation / same-page floor",
      bar: `<= ${bar}x`,
      value,
      holds,
    };
  });
  console.log("(slow 4G informational)");
  return { verdicts, figures };
}

/** The inputs during start-up: the table, and the site's longest judged against the same-page floor's. */
function inputReport(measured: FloorRuns) {
  const bar = FLOOR_BARS.inputOverSamePageFloorMs;
  const figures = {
    site: inputSpreads(measured.siteInput),
    samePageFloor: inputSpreads(measured.samePageFloorInput),
    reactFloor: inputSpreads(measured.reactFloorInput),
  };
  const pages = [figures.site, figures.samePageFloor, figures.reactFloor];
  const lines = [
    ...INPUT_MOMENTS_MS.map((moment, index) => ({
      label: `FCP + ${moment} ms`,
      pick: (input: InputSpreads) => input.byMoment[index],
    })),
    { label: "longest", pick: (input: InputSpreads) => input.longest },
  ];
  printTable(
    `input during start-up: the longest event to next paint (Event Timing; 0: under 16 ms) of a tap on the field and a letter typed, 4x CPU, median [min-max] of ${measured.siteInput.length} interleaved runs (bar: site's longest <= the same-page floor's + ${bar} ms; the React floor for reference)`,
    ["moment", "site /", "same-page floor", "React floor", "site - same-page floor"],
    lines.map(({ label, pick }) => {
      const [site, samePage, reactFloor] = pages.map(pick);
      return [
        label,
        ...[site, samePage, reactFloor].map((spread) => (spread ? spreadText(spread) : "n/a")),
        site && samePage ? millis(site.median - samePage.median) : "n/a",
      ];
    }),
  );
  const over = figures.site.longest.median - figures.samePageFloor.longest.median;
  const holds = over <= bar;
  const value = `${millis(over)} (site / ${spreadText(figures.site.longest)}; same-page floor ${spreadText(figures.samePageFloor.longest)}, React floor ${spreadText(figures.reactFloor.longest)})`;
  console.log(`site - same-page floor, longest input: ${value} ${holds ? "ok" : "NO"}`);
  const verdict: Verdict = {
    page: "landing",
    metric: "input during start-up - same-page floor",
    bar: `<= + ${bar} ms`,
    value,
    holds,
  };
  return { verdict, figures };
}

/** The work before FCP by kind, the site beside the bare page (informational). */
function paintWorkReport(measured: FloorRuns) {
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
  return paintWork;
}

type InputSpreads = ReturnType<typeof inputSpreads>;

/** The inputs' spreads over the runs: the longest, and each moment's. */
function inputSpreads(runs: StartUpInput[]) {
  return {
    longest: spreadOf(runs.map((run) => run.longest)),
    byMoment: INPUT_MOMENTS_MS.map((_, index) =>
      spreadOf(runs.map((run) => run.byMoment[index] ?? Number.NaN)),
    ),
  };
}
