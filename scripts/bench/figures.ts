/**
 * What one Lighthouse run measured, read from its result: scores, timings, the requests it saw and
 * the main thread's work; and the result trimmed to what the raw files keep.
 */
import type { Result } from "lighthouse";

/** Scores are 0..1, times in ms, sizes in transfer bytes. */
export type Figures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  /** The scripts the run loaded (the idle preloads included), as served in brotli: bodies only. */
  jsBytes: number;
  /** The same scripts as a host that only gzips would send them. */
  jsGzipBytes: number;
  /** Stylesheet transfer plus the gzipped inline <style> blocks. */
  cssBytes: number;
  inlineCssBytes: number;
  totalBytes: number;
  requests: number;
  offOrigin: number;
  blockingNotCss: number;
  /** Lighthouse's benchmark index of the host during this run (higher is a faster CPU). */
  benchmarkIndex: number;
};

/** Main-thread time by Lighthouse's task group (mainthread-work-breakdown), in ms, CPU slowdown applied. */
export type Breakdown = Record<string, number>;

/** The audits the figures come from: the raw results keep only these. */
const USED_AUDITS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
  "resource-summary",
  "network-requests",
  "render-blocking-resources",
  "render-blocking-insight",
  "mainthread-work-breakdown",
  "long-tasks",
];

type Item = Record<string, unknown>;

function itemsOf(lhr: Result, auditId: string): Item[] {
  const details = lhr.audits[auditId]?.details as { items?: Item[] } | undefined;
  return details?.items ?? [];
}

/** data: and blob: URLs never leave the page. */
function leavesOrigin(url: string, origin: string): boolean {
  const { protocol, origin: urlOrigin } = new URL(url);
  return protocol !== "data:" && protocol !== "blob:" && urlOrigin !== origin;
}

/**
 * The scripts a run loaded. Module preloads made at idle count: Lighthouse waits for the network
 * to go quiet, so they are among its requests.
 */
export function scriptUrls(lhr: Result): string[] {
  const scripts = itemsOf(lhr, "network-requests").filter(
    (item) => item.resourceType === "Script" || /javascript/.test(String(item.mimeType)),
  );
  return [...new Set(scripts.map((item) => String(item.url)))];
}

/** Main-thread time by task group, CPU slowdown applied as Lighthouse reports it. */
export function breakdownOf(lhr: Result): Breakdown {
  const breakdown: Breakdown = {};
  for (const item of itemsOf(lhr, "mainthread-work-breakdown")) {
    const group = String(item.group);
    breakdown[group] = (breakdown[group] ?? 0) + Number(item.duration ?? 0);
  }
  return breakdown;
}

/** The run's figures, with the URLs that left the origin or blocked rendering (CSS aside). */
export function figuresOf(
  lhr: Result,
  origin: string,
  sizes: { inlineCss: number; js: { br: number; gzip: number } },
): { figures: Figures; offenders: string[] } {
  const { inlineCss, js } = sizes;
  const categoryScore = (id: string) => lhr.categories[id]?.score ?? 0;
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary = itemsOf(lhr, "resource-summary");
  const ofType = (type: string, key: "transferSize" | "requestCount") =>
    Number(summary.find((item) => item.resourceType === type)?.[key] ?? 0);
  const requestUrls = itemsOf(lhr, "network-requests").map((item) => String(item.url));
  const offOrigin = requestUrls.filter((url) => leavesOrigin(url, origin));
  const blocking = ["render-blocking-resources", "render-blocking-insight"]
    .flatMap((id) => itemsOf(lhr, id).map((item) => String(item.url)))
    .filter((url) => !new URL(url).pathname.endsWith(".css"));
  const blockingNotCss = [...new Set(blocking)];
  return {
    figures: {
      performance: categoryScore("performance"),
      accessibility: categoryScore("accessibility"),
      bestPractices: categoryScore("best-practices"),
      seo: categoryScore("seo"),
      fcp: numeric("first-contentful-paint"),
      lcp: numeric("largest-contentful-paint"),
      tbt: numeric("total-blocking-time"),
      cls: numeric("cumulative-layout-shift"),
      speedIndex: numeric("speed-index"),
      jsBytes: js.br,
      jsGzipBytes: js.gzip,
      cssBytes: ofType("stylesheet", "transferSize") + inlineCss,
      inlineCssBytes: inlineCss,
      totalBytes: ofType("total", "transferSize"),
      requests: ofType("total", "requestCount"),
      offOrigin: offOrigin.length,
      blockingNotCss: blockingNotCss.length,
      benchmarkIndex: lhr.environment.benchmarkIndex,
    },
    offenders: [...offOrigin, ...blockingNotCss],
  };
}

/** The lhr without screenshots, traces and the passing audits the bench does not read. */
export function trimmed(lhr: Result) {
  // Failing audits too, so a score below 100 can be explained from the raw results.
  const audits = Object.fromEntries(
    Object.entries(lhr.audits).filter(
      ([id, audit]) => USED_AUDITS.includes(id) || (audit.score !== null && audit.score < 1),
    ),
  );
  const categories = Object.fromEntries(
    Object.entries(lhr.categories).map(([id, category]) => [id, category.score]),
  );
  const { requestedUrl, finalDisplayedUrl, fetchTime, lighthouseVersion, runWarnings } = lhr;
  const { formFactor, throttlingMethod, throttling } = lhr.configSettings;
  return {
    requestedUrl,
    finalDisplayedUrl,
    fetchTime,
    lighthouseVersion,
    userAgent: lhr.environment.hostUserAgent,
    settings: { formFactor, throttlingMethod, throttling },
    runWarnings,
    categories,
    audits,
  };
}

/** One Lighthouse run of one page in one round of a preset. */
export type Run = {
  preset: string;
  page: string;
  round: number;
  /** The share of the machine's CPU other work took just before the run, 0..1. */
  machineBusy: number;
  figures: Figures;
  breakdown: Breakdown;
  offenders: string[];
};
