/**
 * The bench's statistics, pure: medians and spreads over runs, each page's figures judged per
 * preset (LCP as a ratio to the bare page's), and which rounds were noisy.
 */
import type { Figures, Run } from "./figures";

export type Spread = { min: number; median: number; max: number };
/**
 * A page's summary: each figure's median (the worst run for some), and its median and worst LCP
 * over the bare page's median.
 */
export type Summary = Figures & { lcpRatio: number; lcpMaxRatio: number };
export type PageFigures = { summary: Summary; spreads: Record<keyof Figures, Spread> };

/** The middle value (the mean of the two middle ones for an even count); NaN values are left out. */
export function median(values: number[]): number {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Least, median and greatest of the known values; all NaN when none is known. */
export function spreadOf(values: number[]): Spread {
  const known = values.filter((value) => !Number.isNaN(value));
  if (known.length === 0) return { min: Number.NaN, median: Number.NaN, max: Number.NaN };
  return { min: Math.min(...known), median: median(known), max: Math.max(...known) };
}

/**
 * Per page for one preset: each figure's spread over the runs, and the summary: the medians (the
 * worst run for the figures in `worst`: one stray request is one too many) with the median and
 * the worst LCP as ratios to the median LCP of the page named `reference`.
 */
export function pageFiguresOf(
  runs: Run[],
  preset: string,
  {
    pages,
    keys,
    worst,
    reference,
  }: {
    pages: string[];
    keys: (keyof Figures)[];
    worst: (keyof Figures)[];
    reference: string;
  },
): Record<string, PageFigures> {
  const spreads = Object.fromEntries(
    pages.map((page) => {
      const pageRuns = runs.filter((run) => run.preset === preset && run.page === page);
      const byKey = keys.map((key) => [key, spreadOf(pageRuns.map((run) => run.figures[key]))]);
      return [page, Object.fromEntries(byKey) as Record<keyof Figures, Spread>];
    }),
  );
  const referenceLcp = spreads[reference]?.lcp?.median ?? Number.NaN;
  return Object.fromEntries(
    Object.entries(spreads).map(([page, pageSpreads]) => {
      const values = Object.fromEntries(
        keys.map((key) => {
          const spread = pageSpreads[key];
          return [key, (worst.includes(key) ? spread?.max : spread?.median) ?? Number.NaN];
        }),
      ) as Figures;
      const worstLcp = pageSpreads.lcp?.max ?? Number.NaN;
      const summary = {
        ...values,
        lcpRatio: values.lcp / referenceLcp,
        lcpMaxRatio: worstLcp / referenceLcp,
      };
      return [page, { summary, spreads: pageSpreads }];
    }),
  );
}

/**
 * Main-thread work per page: each group's spread over the runs, and the runs' totals as `total`.
 */
export function breakdownSpreads(
  runs: Run[],
  pages: string[],
  groups: string[],
): Record<string, Record<string, Spread>> {
  return Object.fromEntries(
    pages.map((page) => {
      const pageRuns = runs.filter((run) => run.page === page);
      const byGroup: Record<string, Spread> = Object.fromEntries(
        groups.map((group) => [group, spreadOf(pageRuns.map((run) => run.breakdown[group] ?? 0))]),
      );
      const totals = pageRuns.map((run) =>
        Object.values(run.breakdown).reduce((sum, value) => sum + value, 0),
      );
      byGroup.total = spreadOf(totals);
      return [page, byGroup];
    }),
  );
}

/** Over this share of the machine's CPU taken by other work before a run, its round is noisy. */
export const NOISY_MACHINE_BUSY = 0.25;

/**
 * A round (the pages in turn) is noisy when, just before one of its runs, other work took over
 * NOISY_MACHINE_BUSY of the machine's CPU. (The bare page's own blocking time no longer tells: served
 * with the site's opener policy, it starts in a fresh renderer, which shows some in a quiet round.)
 * Returns the noisy rounds' numbers, once each.
 */
export function noisyRounds(runs: Run[], preset: string): number[] {
  const noisy = runs.filter((run) => run.preset === preset && run.machineBusy > NOISY_MACHINE_BUSY);
  return [...new Set(noisy.map((run) => run.round))];
}
