/**
 * What the bench prints: a table per preset (median [min-max] beside each bar, "ok" or "NO"), the
 * main thread's work by Lighthouse's groups, whether the run was noisy, and "hydrated".
 */
import { FORM_LIVE_AFTER_FCP_MS } from "./budgets";
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
import type { Preset } from "./runs";
import { median, type PageFigures, type Spread, spreadOf } from "./statistics";

function cell(metric: Metric, page: string, figures: Record<string, PageFigures>): string {
  const value = summaryOf(figures, page)[metric.key] ?? Number.NaN;
  if (Number.isNaN(value)) return "n/a";
  let text = metric.format(value);
  const spread = metric.key === "lcpRatio" ? undefined : figures[page]?.spreads[metric.key];
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
 * "hydrated" with 4x CPU (the bar) and with slow 4G added (informational): prints their table and
 * returns the bar's verdict and the rows.
 */
export function formLiveReport(measured: { cpu: FormLive[]; cpuAndNetwork: FormLive[] }): {
  verdict: Verdict;
  rows: string[][];
} {
  const bar = `<= ${seconds(FORM_LIVE_AFTER_FCP_MS)} after FCP, 4x CPU`;
  const rows: string[][] = [];
  let verdict: Verdict | undefined;
  for (const [label, runs] of [
    ["4x CPU", measured.cpu],
    ["4x CPU, slow 4G", measured.cpuAndNetwork],
  ] as const) {
    const afterFcp = spreadOf(runs.map((run) => run.formLive - run.fcp));
    const holds = afterFcp.median <= FORM_LIVE_AFTER_FCP_MS;
    const figure = `${seconds(afterFcp.median)} [${seconds(afterFcp.min)}-${seconds(afterFcp.max)}]`;
    const counted = verdict === undefined;
    rows.push([
      label,
      seconds(median(runs.map((run) => run.fcp))),
      seconds(median(runs.map((run) => run.formLive))),
      counted ? `${figure} ${holds ? "ok" : "NO"}` : figure,
    ]);
    verdict ??= { page: "landing", metric: "hydrated - FCP", bar, value: figure, holds };
  }
  printTable(
    `hydrated: the form's field React's on /, throttling applied, median [min-max] of ${measured.cpu.length} runs (bar ${bar})`,
    ["throttling", "FCP", "hydrated", "hydrated - FCP"],
    rows,
  );
  return { verdict: verdict as Verdict, rows };
}
