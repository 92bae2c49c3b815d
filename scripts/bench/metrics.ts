/**
 * The figures the bench prints, in order, each with its format and, where it has one, its bar as
 * scripts/bench/budgets.ts sets it; and the verdicts: which bars hold on which page.
 */
import {
  LANDING_LIGHTHOUSE_ASSERTIONS,
  LIGHTHOUSE_ASSERTIONS,
  REFERENCE_BARS,
  REQUEST_BARS,
  WEIGHT_BUDGETS,
} from "./budgets";
import type { Figures } from "./figures";
import { BARRED_PAGES, LANDING_PAGES, type PageName } from "./pages";
import type { PageFigures, Summary } from "./statistics";

const KB = 1024;

type Bar = {
  text: string;
  /** `reference` is the bare page's summary from the same run. */
  holds: (value: number, reference: Summary) => boolean;
  landingOnly?: boolean;
};
export type Metric = {
  label: string;
  key: keyof Summary;
  format: (value: number) => string;
  /** Take the worst run, not the median: one stray request is one too many. */
  worst?: boolean;
  /** Show the runs' spread beside the median. */
  spread?: boolean;
  bar?: Bar;
};
export type Verdict = { page: string; metric: string; bar: string; value: string; holds: boolean };

export const score = (value: number) => String(Math.round(value * 100));
export const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
export const millis = (value: number) => `${Math.round(value)} ms`;
const kilobytes = (value: number) => `${(value / KB).toFixed(1)} KB`;
const count = (value: number) => String(value);

/** Lighthouse's main-thread task groups, as its report names them. */
export const GROUP_LABELS: Record<string, string> = {
  parseHTML: "Parse HTML & CSS",
  styleLayout: "Style & Layout",
  paintCompositeRender: "Rendering",
  scriptParseCompile: "Script Parsing & Compilation",
  scriptEvaluation: "Script Evaluation",
  garbageCollection: "Garbage Collection",
  other: "Other",
};

const minScoreBar = ([, { minScore }]: ["error", { minScore: number }]): Bar => ({
  text: score(minScore),
  holds: (value) => Math.round(value * 100) >= Math.round(minScore * 100),
});
const atMost = (limit: number, text: string, landingOnly = false): Bar => ({
  text,
  holds: (value) => value <= limit,
  landingOnly,
});
const lighthouse = LIGHTHOUSE_ASSERTIONS;
const clsBar = lighthouse["cumulative-layout-shift"][1].maxNumericValue;
const { lcpRatio, lcpMaxRatio, tbtOverReferenceMs } = REFERENCE_BARS;

export const METRICS: Metric[] = [
  {
    label: "performance",
    key: "performance",
    format: score,
    bar: minScoreBar(lighthouse["categories:performance"]),
  },
  {
    label: "accessibility",
    key: "accessibility",
    format: score,
    bar: minScoreBar(lighthouse["categories:accessibility"]),
  },
  {
    label: "best practices",
    key: "bestPractices",
    format: score,
    bar: minScoreBar(lighthouse["categories:best-practices"]),
  },
  {
    label: "SEO",
    key: "seo",
    format: score,
    bar: { ...minScoreBar(LANDING_LIGHTHOUSE_ASSERTIONS["categories:seo"]), landingOnly: true },
  },
  { label: "FCP", key: "fcp", format: seconds, spread: true },
  { label: "LCP", key: "lcp", format: seconds, spread: true },
  {
    label: "LCP / reference",
    key: "lcpRatio",
    format: (value) => `${value.toFixed(2)}x`,
    bar: atMost(lcpRatio, `<= ${lcpRatio}x`),
  },
  {
    label: "worst LCP / reference",
    key: "lcpMaxRatio",
    format: (value) => `${value.toFixed(2)}x`,
    bar: atMost(lcpMaxRatio, `<= ${lcpMaxRatio}x`),
  },
  {
    label: "TBT",
    key: "tbt",
    format: millis,
    spread: true,
    bar: {
      text: `<= bare + ${tbtOverReferenceMs} ms`,
      holds: (value, reference) => value <= reference.tbt + tbtOverReferenceMs,
    },
  },
  {
    label: "CLS",
    key: "cls",
    format: (value) => (value === 0 ? "0" : value.toFixed(4)),
    bar: atMost(clsBar, String(clsBar)),
  },
  { label: "Speed Index", key: "speedIndex", format: seconds, spread: true },
  {
    label: "JS (brotli)",
    key: "jsBytes",
    format: kilobytes,
    bar: atMost(
      WEIGHT_BUDGETS.jsBrotliBytes,
      `<= ${WEIGHT_BUDGETS.jsBrotliBytes / KB} KB on /`,
      true,
    ),
  },
  {
    label: "JS as gzip",
    key: "jsGzipBytes",
    format: kilobytes,
    bar: atMost(WEIGHT_BUDGETS.jsGzipBytes, `<= ${WEIGHT_BUDGETS.jsGzipBytes / KB} KB on /`, true),
  },
  {
    label: "CSS (files + inline)",
    key: "cssBytes",
    format: kilobytes,
    bar: atMost(WEIGHT_BUDGETS.cssGzipBytes, `<= ${WEIGHT_BUDGETS.cssGzipBytes / KB} KB`),
  },
  { label: "of which inline", key: "inlineCssBytes", format: kilobytes },
  { label: "total transfer", key: "totalBytes", format: kilobytes },
  { label: "requests", key: "requests", format: count },
  {
    label: "off-origin requests*",
    key: "offOrigin",
    format: count,
    worst: true,
    bar: atMost(REQUEST_BARS.offOrigin, String(REQUEST_BARS.offOrigin)),
  },
  {
    label: "render-blocking non-CSS*",
    key: "blockingNotCss",
    format: count,
    worst: true,
    bar: atMost(REQUEST_BARS.renderBlockingNotCss, String(REQUEST_BARS.renderBlockingNotCss)),
  },
  {
    label: "CPU benchmark index",
    key: "benchmarkIndex",
    format: (value) => String(Math.round(value)),
    spread: true,
  },
];

/** The figures a run measures (every metric but the ratios, which compare pages). */
export const FIGURE_KEYS = METRICS.map(({ key }) => key).filter(
  (key): key is keyof Figures => key !== "lcpRatio" && key !== "lcpMaxRatio",
);
export const WORST_KEYS = METRICS.filter(({ worst }) => worst).map(
  ({ key }) => key as keyof Figures,
);

export function barApplies(bar: Bar | undefined, page: string): bar is Bar {
  return (
    bar !== undefined &&
    BARRED_PAGES.includes(page as PageName) &&
    (!bar.landingOnly || LANDING_PAGES.includes(page as PageName))
  );
}

export function summaryOf(figures: Record<string, PageFigures>, page: string): Summary {
  return (figures[page]?.summary ?? {}) as Summary;
}

export function verdictsOf(figures: Record<string, PageFigures>): Verdict[] {
  const reference = summaryOf(figures, "reference");
  return BARRED_PAGES.flatMap((page) =>
    METRICS.filter((metric) => barApplies(metric.bar, page)).map(({ label, key, format, bar }) => {
      const value = summaryOf(figures, page)[key] ?? Number.NaN;
      return {
        page,
        metric: label,
        bar: bar?.text ?? "",
        value: format(value),
        holds: !!bar?.holds(value, reference),
      };
    }),
  );
}
