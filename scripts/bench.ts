/**
 * Benchmarks the production build with Lighthouse beside a bare reference page, in the same rounds on
 * the same (possibly busy) machine, and prints medians with their spread next to the bars, the main
 * thread's work by Lighthouse's groups, the host's CPU benchmark index, and whether the run was noisy.
 * The bars are those of docs/behaviour.md ("Quality bars"). Run: npm run bench (raw results in reports/bench/raw/<timestamp>/).
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus } from "node:os";
import { resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { launch } from "chrome-launcher";
import lighthouse, { type Config, type Result } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { readBuildSettings, startPreviewServer } from "../server/preview";
import { sitePages } from "../src/site-paths";
import { CHROMIUM_ARGS, chromiumExecutable } from "../tests/e2e/browser";
import { measureFormLive } from "./bench-form-live";
import { buildSite } from "./build";

const MOBILE_RUNS = 5;
const DESKTOP_RUNS = 3;
/**
 * How busy the machine was just before each run, sampled over this long: recorded, never waited on.
 * The figures must hold on a machine doing other work; the bare page in the same round shows the noise.
 */
const CPU_SAMPLE_MS = 500;

const LCP_RATIO_BAR = 1.25;
/** TBT on a page: at most this, and at most the bare page's TBT in the same run plus this. */
const TBT_BAR_MS = 25;
const KB = 1024;
/** JavaScript for /, the idle preloads included, as served in brotli and as a gzip-only host sends it. */
const JS_BROTLI_BAR_BYTES = 90 * KB;
const JS_GZIP_BAR_BYTES = 100 * KB;
const CSS_BAR_BYTES = 15 * KB;
/** The landing page's form answers a submit itself within this long after its first paint. */
const FORM_LIVE_AFTER_FCP_BAR_MS = 1000;

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
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
/** A production build refuses to run without these; the bench never submits, so placeholders do. */
const PLACEHOLDER_ENV = {
  VITE_EMAILJS_PUBLIC_KEY: "bench-public-key",
  VITE_EMAILJS_SERVICE_ID: "bench-service-id",
  VITE_EMAILJS_TEMPLATE_ID: "bench-template-id",
};

const root = resolve(import.meta.dirname, "..");
const benchDir = resolve(root, "reports/bench");
const referenceFile = resolve(root, "bench/reference.html");

type Page = { name: string; label: string; path: string; onSite: boolean };
const PAGES: Page[] = [
  ...sitePages.map((page) => ({ name: page.id, label: page.path, path: page.path, onSite: true })),
  { name: "reference", label: "reference", path: "/", onSite: false },
];
const BARRED_PAGES: string[] = sitePages.map((page) => page.id);

type Preset = { name: "mobile" | "desktop"; runs: number; config?: Config };
const PRESETS: Preset[] = [
  { name: "mobile", runs: MOBILE_RUNS },
  { name: "desktop", runs: DESKTOP_RUNS, config: desktopConfig },
];

/** What one Lighthouse run measured. Scores are 0..1, times in ms, sizes in transfer bytes. */
type Figures = {
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
type Summary = Figures & { lcpRatio: number };
/** Main-thread time by Lighthouse's task group (mainthread-work-breakdown), in ms, CPU slowdown applied. */
type Breakdown = Record<string, number>;
type Run = {
  preset: string;
  page: string;
  round: number;
  figures: Figures;
  breakdown: Breakdown;
  offenders: string[];
};
/** Per page: the median and the spread of every figure. */
type Spread = { min: number; median: number; max: number };

type Bar = {
  text: string;
  /** `reference` is the bare page's summary from the same run. */
  holds: (value: number, reference: Summary) => boolean;
  landingOnly?: boolean;
};
type Metric = {
  label: string;
  key: keyof Summary;
  format: (value: number) => string;
  /** Take the worst run, not the median: one stray request is one too many. */
  worst?: boolean;
  /** Show the runs' spread beside the median. */
  spread?: boolean;
  bar?: Bar;
};

const score = (value: number) => String(Math.round(value * 100));
const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
const millis = (value: number) => `${Math.round(value)} ms`;
const kilobytes = (value: number) => `${(value / KB).toFixed(1)} KB`;
const count = (value: number) => String(value);
const scoreBar: Bar = { text: "100", holds: (value) => Math.round(value * 100) === 100 };
const GROUP_LABELS: Record<string, string> = {
  parseHTML: "Parse HTML & CSS",
  styleLayout: "Style & Layout",
  paintCompositeRender: "Rendering",
  scriptParseCompile: "Script Parsing & Compilation",
  scriptEvaluation: "Script Evaluation",
  garbageCollection: "Garbage Collection",
  other: "Other",
};

const METRICS: Metric[] = [
  { label: "performance", key: "performance", format: score, bar: scoreBar },
  { label: "accessibility", key: "accessibility", format: score, bar: scoreBar },
  { label: "best practices", key: "bestPractices", format: score, bar: scoreBar },
  // /success is noindex by design (docs/behaviour.md, "Unknown paths and indexing"), which Lighthouse's is-crawlable audit marks
  // down: the SEO bar is for the page meant to be found.
  { label: "SEO", key: "seo", format: score, bar: { ...scoreBar, landingOnly: true } },
  { label: "FCP", key: "fcp", format: seconds, spread: true },
  { label: "LCP", key: "lcp", format: seconds, spread: true },
  {
    label: "LCP / reference",
    key: "lcpRatio",
    format: (value) => `${value.toFixed(2)}x`,
    bar: { text: `<= ${LCP_RATIO_BAR}x`, holds: (value) => value <= LCP_RATIO_BAR },
  },
  {
    label: "TBT",
    key: "tbt",
    format: millis,
    spread: true,
    bar: {
      text: `<= ${TBT_BAR_MS} ms and <= bare + ${TBT_BAR_MS} ms`,
      holds: (value, reference) => value <= TBT_BAR_MS && value <= reference.tbt + TBT_BAR_MS,
    },
  },
  {
    label: "CLS",
    key: "cls",
    format: (value) => (value === 0 ? "0" : value.toFixed(4)),
    bar: { text: "0", holds: (value) => value === 0 },
  },
  { label: "Speed Index", key: "speedIndex", format: seconds, spread: true },
  {
    label: "JS (brotli)",
    key: "jsBytes",
    format: kilobytes,
    bar: {
      text: `<= ${JS_BROTLI_BAR_BYTES / KB} KB on /`,
      holds: (value) => value <= JS_BROTLI_BAR_BYTES,
      landingOnly: true,
    },
  },
  {
    label: "JS as gzip",
    key: "jsGzipBytes",
    format: kilobytes,
    bar: {
      text: `<= ${JS_GZIP_BAR_BYTES / KB} KB on /`,
      holds: (value) => value <= JS_GZIP_BAR_BYTES,
      landingOnly: true,
    },
  },
  {
    label: "CSS (files + inline)",
    key: "cssBytes",
    format: kilobytes,
    bar: { text: `<= ${CSS_BAR_BYTES / KB} KB`, holds: (value) => value <= CSS_BAR_BYTES },
  },
  { label: "of which inline", key: "inlineCssBytes", format: kilobytes },
  { label: "total transfer", key: "totalBytes", format: kilobytes },
  { label: "requests", key: "requests", format: count },
  {
    label: "off-origin requests*",
    key: "offOrigin",
    format: count,
    worst: true,
    bar: { text: "0", holds: (value) => value === 0 },
  },
  {
    label: "render-blocking non-CSS*",
    key: "blockingNotCss",
    format: count,
    worst: true,
    bar: { text: "0", holds: (value) => value === 0 },
  },
  {
    label: "CPU benchmark index",
    key: "benchmarkIndex",
    format: (value) => String(Math.round(value)),
    spread: true,
  },
];

// --- Servers -----------------------------------------------------------------------------------

function listen(server: Server, port: number): Promise<number> {
  return new Promise((ready) =>
    server.listen(port, "127.0.0.1", () => ready((server.address() as AddressInfo).port)),
  );
}

function close(server: Server): Promise<void> {
  return new Promise((done) => server.close(() => done()));
}

/** The build needs its own origin (canonical links) before the preview server can start. */
async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listen(probe, 0);
  await close(probe);
  return port;
}

/** The reference page, in brotli as the site's pages are, as plain text/html without the site's headers. */
async function startReferenceServer() {
  const body = brotliCompressSync(await readFile(referenceFile));
  const server = createServer((request, response) => {
    if (request.url !== "/") {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, {
        "Content-Type": "text/html",
        "Content-Encoding": "br",
        "Content-Length": String(body.length),
      })
      .end(body);
  });
  const port = await listen(server, 0);
  return { url: `http://127.0.0.1:${port}`, close: () => close(server) };
}

// --- Machine load -----------------------------------------------------------------------------

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

// --- Lighthouse --------------------------------------------------------------------------------

/** A fresh Chromium, with a fresh empty profile, for every run. */
async function runLighthouse(url: string, preset: Preset): Promise<Result> {
  const chrome = await launch({
    chromePath: chromiumExecutable(),
    chromeFlags: [...CHROMIUM_ARGS, "--headless=new"],
    logLevel: "silent",
  });
  try {
    const flags = { port: chrome.port, onlyCategories: CATEGORIES, logLevel: "error" as const };
    const result = await lighthouse(url, flags, preset.config);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
    return result.lhr;
  } finally {
    chrome.kill();
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

/** Lighthouse counts stylesheets only: CSS inlined in the HTML is weighed here, gzipped alone. */
async function inlineCssBytes(url: string): Promise<number> {
  const html = await (await fetch(url)).text();
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1]);
  return styles.length > 0 ? gzipSync(styles.join("\n")).length : 0;
}

type Encoding = "br" | "gzip";
const encodedSizes = new Map<string, number>();

/** One script's body as the server sends it in `encoding` (each URL and encoding asked once). */
async function encodedSize(url: string, encoding: Encoding): Promise<number> {
  const key = `${encoding} ${url}`;
  let size = encodedSizes.get(key);
  if (size === undefined) {
    const response = await fetch(url, { headers: { "Accept-Encoding": encoding } });
    await response.arrayBuffer();
    if (response.headers.get("content-encoding") !== encoding) {
      throw new Error(`${url} was not served in ${encoding}`);
    }
    size = Number(response.headers.get("content-length"));
    encodedSizes.set(key, size);
  }
  return size;
}

/**
 * What the scripts a run loaded weigh in brotli and in gzip, bodies only. Module preloads made at
 * idle count: Lighthouse waits for the network to go quiet, so they are among its requests.
 */
async function scriptBytes(lhr: Result): Promise<{ br: number; gzip: number }> {
  const scripts = itemsOf(lhr, "network-requests").filter(
    (item) => item.resourceType === "Script" || /javascript/.test(String(item.mimeType)),
  );
  const urls = [...new Set(scripts.map((item) => String(item.url)))];
  let br = 0;
  let gzip = 0;
  for (const url of urls) {
    br += await encodedSize(url, "br");
    gzip += await encodedSize(url, "gzip");
  }
  return { br, gzip };
}

/** Main-thread time by task group, CPU slowdown applied as Lighthouse reports it. */
function breakdownOf(lhr: Result): Breakdown {
  const breakdown: Breakdown = {};
  for (const item of itemsOf(lhr, "mainthread-work-breakdown")) {
    const group = String(item.group);
    breakdown[group] = (breakdown[group] ?? 0) + Number(item.duration ?? 0);
  }
  return breakdown;
}

function figuresOf(
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
function trimmed(lhr: Result) {
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

// --- Medians, spreads and the tables ------------------------------------------------------------

function median(values: number[]): number {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function spreadOf(values: number[]): Spread {
  const known = values.filter((value) => !Number.isNaN(value));
  if (known.length === 0) return { min: Number.NaN, median: Number.NaN, max: Number.NaN };
  return { min: Math.min(...known), median: median(known), max: Math.max(...known) };
}

type PageFigures = { summary: Summary; spreads: Partial<Record<keyof Figures, Spread>> };

/** Each figure's spread over a page's runs. */
function summarise(runs: Figures[]): Record<string, Spread> {
  const entries = METRICS.filter(({ key }) => key !== "lcpRatio").map(({ key }) => [
    key,
    spreadOf(runs.map((figures) => figures[key as keyof Figures])),
  ]);
  return Object.fromEntries(entries);
}

/**
 * Per page for one preset: the medians (the worst run for `worst` metrics) with LCP as a ratio to
 * the bare page's median LCP, and each figure's spread over the runs.
 */
function pageFiguresOf(runs: Run[], preset: string): Record<string, PageFigures> {
  const spreads = Object.fromEntries(
    PAGES.map(({ name }) => {
      const pageRuns = runs.filter((run) => run.preset === preset && run.page === name);
      return [name, summarise(pageRuns.map((run) => run.figures))];
    }),
  );
  const referenceLcp = spreads.reference?.lcp?.median ?? Number.NaN;
  return Object.fromEntries(
    Object.entries(spreads).map(([name, pageSpreads]) => {
      const values = Object.fromEntries(
        METRICS.filter(({ key }) => key !== "lcpRatio").map(({ key, worst }) => {
          const spread = pageSpreads[key];
          return [key, (worst ? spread?.max : spread?.median) ?? Number.NaN];
        }),
      ) as Figures;
      return [
        name,
        { summary: { ...values, lcpRatio: values.lcp / referenceLcp }, spreads: pageSpreads },
      ];
    }),
  );
}

type Verdict = { page: string; metric: string; bar: string; value: string; holds: boolean };

function barApplies(bar: Bar | undefined, page: string): bar is Bar {
  return (
    bar !== undefined && BARRED_PAGES.includes(page) && (!bar.landingOnly || page === "landing")
  );
}

function summaryOf(figures: Record<string, PageFigures>, page: string): Summary {
  return (figures[page]?.summary ?? {}) as Summary;
}

function verdictsOf(figures: Record<string, PageFigures>): Verdict[] {
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

function cell(metric: Metric, page: string, figures: Record<string, PageFigures>): string {
  const value = summaryOf(figures, page)[metric.key] ?? Number.NaN;
  if (Number.isNaN(value)) return "n/a";
  let text = metric.format(value);
  const spread = figures[page]?.spreads[metric.key as keyof Figures];
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

function printPreset(preset: Preset, figures: Record<string, PageFigures>) {
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
function breakdownTable(runs: Run[]): Record<string, Record<string, Spread>> {
  const mobile = runs.filter((run) => run.preset === "mobile");
  const groups = Object.keys(GROUP_LABELS);
  const table: Record<string, Record<string, Spread>> = Object.fromEntries(
    PAGES.map(({ name }) => {
      const pageRuns = mobile.filter((run) => run.page === name);
      const byGroup: Record<string, Spread> = Object.fromEntries(
        groups.map((group) => [group, spreadOf(pageRuns.map((run) => run.breakdown[group] ?? 0))]),
      );
      const totals = pageRuns.map((run) =>
        Object.values(run.breakdown).reduce((sum, value) => sum + value, 0),
      );
      byGroup.total = spreadOf(totals);
      return [name, byGroup];
    }),
  );
  const format = (spread: Spread | undefined) =>
    spread ? `${millis(spread.median)} [${millis(spread.min)}-${millis(spread.max)}]` : "n/a";
  printTable(
    `main-thread work by Lighthouse's groups, mobile (4x CPU as Lighthouse scales it), median [min-max] of ${MOBILE_RUNS} runs`,
    ["group", ...PAGES.map((page) => page.label)],
    [...groups, "total"].map((group) => [
      GROUP_LABELS[group] ?? "total",
      ...PAGES.map((page) => format(table[page.name]?.[group])),
    ]),
  );
  return table;
}

/**
 * A round (the three pages in turn) is noisy when the bare page, which has no script, still shows
 * blocking time: the machine, not the page, made it. Returns the noisy rounds' numbers.
 */
function noisyRounds(runs: Run[], preset: string): number[] {
  return runs
    .filter((run) => run.preset === preset && run.page === "reference" && run.figures.tbt > 0)
    .map((run) => run.round);
}

/**
 * "hydrated": navigation to the form's field being React's (it carries React's props), with 4x CPU
 * (the bar) and with slow 4G added (informational), both measured the same way, throttling applied
 * rather than simulated (see bench-form-live.ts).
 */
async function formLiveVerdict(url: string): Promise<{ verdict: Verdict; rows: string[][] }> {
  const bar = `<= ${seconds(FORM_LIVE_AFTER_FCP_BAR_MS)} after FCP, 4x CPU`;
  const rows: string[][] = [];
  let verdict: Verdict | undefined;
  for (const slowNetwork of [false, true]) {
    const runs = await measureFormLive(url, MOBILE_RUNS, { slowNetwork });
    const afterFcp = spreadOf(runs.map((run) => run.formLive - run.fcp));
    const holds = afterFcp.median <= FORM_LIVE_AFTER_FCP_BAR_MS;
    const figure = `${seconds(afterFcp.median)} [${seconds(afterFcp.min)}-${seconds(afterFcp.max)}]`;
    rows.push([
      slowNetwork ? "4x CPU, slow 4G" : "4x CPU",
      seconds(median(runs.map((run) => run.fcp))),
      seconds(median(runs.map((run) => run.formLive))),
      slowNetwork ? figure : `${figure} ${holds ? "ok" : "NO"}`,
    ]);
    verdict ??= { page: "landing", metric: "hydrated - FCP", bar, value: figure, holds };
  }
  printTable(
    `hydrated: the form's field React's on /, throttling applied, median [min-max] of ${MOBILE_RUNS} runs (bar ${bar})`,
    ["throttling", "FCP", "hydrated", "hydrated - FCP"],
    rows,
  );
  return { verdict: verdict as Verdict, rows };
}

// --- Main --------------------------------------------------------------------------------------

async function buildAndServe() {
  const port = await freePort();
  const siteOrigin = `http://127.0.0.1:${port}`;
  for (const [name, value] of Object.entries(PLACEHOLDER_ENV)) process.env[name] ??= value;
  process.env.SITE_URL = siteOrigin;
  const outDir = resolve(benchDir, "site");
  console.log(`Building the production site into ${outDir} for ${siteOrigin}...`);
  const { distDir } = await buildSite({ mode: "production", outDir });
  const settings = await readBuildSettings(outDir);
  return startPreviewServer({ distDir, settings, port });
}

async function measureAll(urls: Record<string, string>, rawDir: string) {
  const runs: Run[] = [];
  const inlineCss = Object.fromEntries(
    await Promise.all(
      PAGES.map(async (page) => [page.name, await inlineCssBytes(urls[page.name] ?? "")]),
    ),
  );
  for (const preset of PRESETS) {
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
            js: await scriptBytes(lhr),
          });
          const breakdown = breakdownOf(lhr);
          runs.push({ preset: preset.name, page: page.name, round, figures, breakdown, offenders });
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

async function main() {
  const startedAt = new Date();
  const rawDir = resolve(benchDir, "raw", startedAt.toISOString().replace(/[:.]/g, "-"));
  await mkdir(rawDir, { recursive: true });
  const site = await buildAndServe();
  const reference = await startReferenceServer();
  const urls = Object.fromEntries(
    PAGES.map((page) => [page.name, `${page.onSite ? site.url : reference.url}${page.path}`]),
  );
  console.log(`Site ${site.url}, reference ${reference.url}; raw results in ${rawDir}`);
  try {
    const runs = await measureAll(urls, rawDir);
    const figures = Object.fromEntries(
      PRESETS.map((preset) => [preset.name, pageFiguresOf(runs, preset.name)]),
    );
    for (const preset of PRESETS) printPreset(preset, figures[preset.name] ?? {});
    console.log("* worst run, not the median");
    console.log(
      "SEO bar on / only: /success carries noindex on purpose, so is-crawlable fails there.",
    );
    const offenders = [...new Set(runs.flatMap((run) => run.offenders))];
    for (const url of offenders) console.log(`off-origin or render-blocking: ${url}`);
    const breakdown = breakdownTable(runs);
    const noisy = noisyRounds(runs, "mobile");
    const referenceTbt = figures.mobile?.reference?.spreads.tbt;
    console.log(
      noisy.length > 0
        ? `\nNOISY: the bare page showed TBT above 0 in mobile round ${noisy.join(", ")} of ${MOBILE_RUNS} (max ${millis(referenceTbt?.max ?? Number.NaN)}): the machine was busy; read the site's figures against the bare page's.`
        : `\nquiet: the bare page showed no TBT in any of the ${MOBILE_RUNS} mobile rounds.`,
    );
    const formLive = await formLiveVerdict(urls.landing ?? "");
    const verdicts = [...verdictsOf(figures.mobile ?? {}), formLive.verdict];
    const durationMs = Date.now() - startedAt.getTime();
    const summaryFile = resolve(rawDir, "summary.json");
    const summaryJson = {
      startedAt,
      durationMs,
      urls,
      noisyRounds: noisy,
      figures,
      breakdown,
      hydrated: formLive.rows,
      verdicts,
      offenders,
    };
    await writeFile(summaryFile, `${JSON.stringify(summaryJson, null, 2)}\n`);
    console.log(`Total time ${(durationMs / 60_000).toFixed(1)} min; summary in ${summaryFile}`);
    const holding = verdicts.filter((verdict) => verdict.holds).length;
    console.log(
      `bars: ${holding} hold, ${verdicts.length - holding} do not${noisy.length > 0 ? " (noisy run)" : ""}`,
    );
  } finally {
    await Promise.all([site.close(), reference.close()]);
  }
}

await main();
