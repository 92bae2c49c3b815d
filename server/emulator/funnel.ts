/**
 * The signup funnel of a list of analytics events, as the emulator's Funnel view and the load test
 * show it: visits of the landing page, form starts, signups, the conversion between them, the
 * failures by cause, the signups kept for later, the typo hints shown and taken, where visits came
 * from and where the visits of the not-found page came from. Pure: it reads only the events it is
 * given.
 */
import { notFoundPage, pageAt } from "../../src/site-paths";

/** What the funnel reads of an event: Plausible's payload (plausible.ts), from the wire or a file. */
export type FunnelEvent = {
  n: string;
  u: string;
  r?: string | null;
  p?: Readonly<Record<string, string>>;
};

/** A label and how many events had it, most first. */
export type Tally = { label: string; count: number };

export type Funnel = {
  /** Page views of the landing page, "/". */
  visits: number;
  formStarts: number;
  signups: number;
  /** Signups per visit, in percent, to one decimal; 0 without visits. */
  conversion: number;
  /** "Signup Failed" events by their `cause`, every cause. */
  failures: Tally[];
  /** "Signup Kept" events: signups the page keeps to send later. */
  kept: number;
  /** "Typo Hint" events: the hints shown under the field (each counted as it goes), and taken. */
  hintsShown: number;
  hintsTaken: number;
  /** Where the landing page's visits came from, the top few. */
  sources: Tally[];
  /**
   * Where the not-found page's views came from, the top few. The site reports each as `/404`, never
   * the path asked for (it may be an address: src/analytics/event-url.ts), so the source is what is left
   * to find a broken link by.
   */
  notFound: Tally[];
};

/** How many sources the funnel names, of visits and of pages not found. */
const TOP = 5;
/** Plausible's word for a visit with neither a source parameter nor another site's referrer. */
const DIRECT = "Direct / none";
/** Plausible reads a visit's source from these parameters, in this order, before the referrer. */
const SOURCE_PARAMETERS = ["utm_source", "source", "ref"];

function parseUrl(value: string | null | undefined): URL | undefined {
  if (!value) return undefined;
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/**
 * Where a visit came from, as Plausible tells it: a source parameter of the page's URL, else the
 * referrer's host (another site's: a referrer on the site itself is no source), else direct.
 */
function sourceOf(page: URL, referrer: string | null | undefined): string {
  for (const name of SOURCE_PARAMETERS) {
    const value = page.searchParams.get(name)?.trim();
    if (value) return value;
  }
  const from = parseUrl(referrer);
  if (from && from.host !== "" && from.host !== page.host) return from.host;
  return DIRECT;
}

function tally(labels: readonly string[], limit = Number.POSITIVE_INFINITY): Tally[] {
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts]
    .map(([label, count]) => ({ label, count }))
    .sort((a, b) => b.count - a.count || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0))
    .slice(0, limit);
}

/** Signups per visit in percent, rounded to one decimal. */
function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;
}

export function funnel(events: readonly FunnelEvent[]): Funnel {
  const sources: string[] = [];
  const notFoundSources: string[] = [];
  const causes: string[] = [];
  let formStarts = 0;
  let signups = 0;
  let kept = 0;
  let hintsShown = 0;
  let hintsTaken = 0;
  for (const event of events) {
    switch (event.n) {
      case "pageview": {
        const page = parseUrl(event.u);
        if (!page) break;
        const { id } = pageAt(page.pathname);
        if (id === "landing") sources.push(sourceOf(page, event.r));
        else if (id === "notFound") notFoundSources.push(sourceOf(page, event.r));
        break;
      }
      case "Form Start":
        formStarts += 1;
        break;
      case "Signup":
        signups += 1;
        break;
      case "Signup Failed":
        causes.push(event.p?.cause ?? "(no cause)");
        break;
      case "Signup Kept":
        kept += 1;
        break;
      case "Typo Hint":
        hintsShown += 1;
        if (event.p?.taken === "yes") hintsTaken += 1;
        break;
    }
  }
  const visits = sources.length;
  return {
    visits,
    formStarts,
    signups,
    conversion: percent(signups, visits),
    failures: tally(causes),
    kept,
    hintsShown,
    hintsTaken,
    sources: tally(sources, TOP),
    notFound: tally(notFoundSources, TOP),
  };
}

/** The not-found page's views, as the funnel titles them. */
export const NOT_FOUND_TITLE = `Pages not found (${notFoundPage.path})`;

/** The conversion as the funnel shows it: "33.3%". */
export function formatPercent(value: number): string {
  return `${value.toFixed(1)}%`;
}

/** The funnel as a plain-text table, for a terminal (the load test's report). */
export function formatFunnel(result: Funnel): string {
  const rows: [string, string][] = [];
  const section = (title: string, tallies: readonly Tally[]) => {
    rows.push([title, ""]);
    if (tallies.length === 0) rows.push(["  (none)", ""]);
    for (const { label, count } of tallies) rows.push([`  ${label}`, String(count)]);
  };
  rows.push(
    ["Visits", String(result.visits)],
    ["Form starts", String(result.formStarts)],
    ["Signups", String(result.signups)],
    ["Conversion", formatPercent(result.conversion)],
    ["Kept for later", String(result.kept)],
    ["Typo hints shown", String(result.hintsShown)],
    ["Typo hints taken", String(result.hintsTaken)],
  );
  section("Failures by cause", result.failures);
  section("Top sources", result.sources);
  section(NOT_FOUND_TITLE, result.notFound);
  // Section titles stand alone: only the rows with a figure set the columns.
  const labelWidth = Math.max(
    ...rows.filter(([, value]) => value !== "").map(([label]) => label.length),
  );
  const valueWidth = Math.max(...rows.map(([, value]) => value.length));
  return rows
    .map(([label, value]) =>
      value === "" ? label : `${label.padEnd(labelWidth)}  ${value.padStart(valueWidth)}`,
    )
    .join("\n");
}
