/**
 * Benchmarks the production build with Lighthouse beside a bare reference page and prints the medians
 * next to the bars of docs/behaviour.md ("Quality bars"). Run: npm run bench (raw results in reports/bench/raw/<timestamp>/).
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
import { CHROMIUM_ARGS, chromiumExecutable } from "../tests/e2e/browser";
import { measureFormLive } from "./bench-form-live";
import { buildSite } from "./build";

const MOBILE_RUNS = 5;
const DESKTOP_RUNS = 3;
/** A run starts once the CPU is less busy than this over one sample... */
const QUIET_CPU_BUSY = 0.25;
const CPU_SAMPLE_MS = 500;
/** ...or after this long, noted in the log and the raw results. */
const QUIET_CPU_GIVE_UP_MS = 20_000;

const LCP_RATIO_BAR = 1.25;
const TBT_BAR_MS = 25;
const KB = 1024;
const JS_BAR_BYTES = 75 * KB;
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
  { name: "landing", label: "/", path: "/", onSite: true },
  { name: "success", label: "/success", path: "/success", onSite: true },
  { name: "reference", label: "reference", path: "/", onSite: false },
];
const BARRED_PAGES = ["landing", "success"];

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
  jsBytes: number;
  /** The same scripts as a host that only gzips would send them (the bar is in gzip bytes). */
  jsGzipBytes: number;
  /** Stylesheet transfer plus the gzipped inline <style> blocks. */
  cssBytes: number;
  inlineCssBytes: number;
  totalBytes: number;
  requests: number;
  offOrigin: number;
  blockingNotCss: number;
};
type Summary = Figures & { lcpRatio: number };
type Run = { preset: string; page: string; figures: Figures; offenders: string[] };

type Bar = { text: string; holds: (value: number) => boolean; landingOnly?: boolean };
type Metric = {
  label: string;
  key: keyof Summary;
  format: (value: number) => string;
  /** Take the worst run, not the median: one stray request is one too many. */
  worst?: boolean;
  bar?: Bar;
};

const score = (value: number) => String(Math.round(value * 100));
const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
const millis = (value: number) => `${Math.round(value)} ms`;
const kilobytes = (value: number) => `${(value / KB).toFixed(1)} KB`;
const count = (value: number) => String(value);
const scoreBar: Bar = { text: "100", holds: (value) => Math.round(value * 100) === 100 };

const METRICS: Metric[] = [
  { label: "performance", key: "performance", format: score, bar: scoreBar },
  { label: "accessibility", key: "accessibility", format: score, bar: scoreBar },
  { label: "best practices", key: "bestPractices", format: score, bar: scoreBar },
  // /success is noindex by design (docs/behaviour.md, "Unknown paths and indexing"), which Lighthouse's is-crawlable audit marks
  // down: the SEO bar is for the page meant to be found.
  { label: "SEO", key: "seo", format: score, bar: { ...scoreBar, landingOnly: true } },
  { label: "FCP", key: "fcp", format: seconds },
  { label: "LCP", key: "lcp", format: seconds },
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
    bar: { text: `<= ${TBT_BAR_MS} ms`, holds: (value) => value <= TBT_BAR_MS },
  },
  {
    label: "CLS",
    key: "cls",
    format: (value) => (value === 0 ? "0" : value.toFixed(4)),
    bar: { text: "0", holds: (value) => value === 0 },
  },
  { label: "Speed Index", key: "speedIndex", format: seconds },
  { label: "JS transfer (brotli)", key: "jsBytes", format: kilobytes },
  {
    label: "JS as gzip",
    key: "jsGzipBytes",
    format: kilobytes,
    bar: {
      text: `<= ${JS_BAR_BYTES / KB} KB on /`,
      holds: (value) => value <= JS_BAR_BYTES,
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

// --- Quiet CPU ---------------------------------------------------------------------------------

function cpuTimes() {
  let idle = 0;
  let total = 0;
  for (const { times } of cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, total };
}

async function sampleBusy(): Promise<number> {
  const before = cpuTimes();
  await sleep(CPU_SAMPLE_MS);
  const after = cpuTimes();
  const total = after.total - before.total;
  return total > 0 ? 1 - (after.idle - before.idle) / total : 0;
}

async function waitForQuietCpu() {
  const start = Date.now();
  for (;;) {
    const busy = await sampleBusy();
    const waitedMs = Date.now() - start;
    if (busy < QUIET_CPU_BUSY) return { busy, waitedMs, quiet: true };
    if (waitedMs >= QUIET_CPU_GIVE_UP_MS) return { busy, waitedMs, quiet: false };
  }
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

const gzipSizes = new Map<string, number>();

/** What the scripts a run loaded weigh from a host that only gzips (each URL asked once). */
async function scriptGzipBytes(lhr: Result): Promise<number> {
  const scripts = itemsOf(lhr, "network-requests").filter((item) => item.resourceType === "Script");
  let total = 0;
  for (const { url } of scripts) {
    const key = String(url);
    if (!gzipSizes.has(key)) {
      const response = await fetch(key, { headers: { "Accept-Encoding": "gzip" } });
      const length = Number(response.headers.get("content-length"));
      await response.arrayBuffer();
      gzipSizes.set(key, length);
    }
    total += gzipSizes.get(key) ?? 0;
  }
  return total;
}

function figuresOf(
  lhr: Result,
  origin: string,
  sizes: { inlineCss: number; jsGzip: number },
): { figures: Figures; offenders: string[] } {
  const { inlineCss, jsGzip } = sizes;
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
      jsBytes: ofType("script", "transferSize"),
      jsGzipBytes: jsGzip,
      cssBytes: ofType("stylesheet", "transferSize") + inlineCss,
      inlineCssBytes: inlineCss,
      totalBytes: ofType("total", "transferSize"),
      requests: ofType("total", "requestCount"),
      offOrigin: offOrigin.length,
      blockingNotCss: blockingNotCss.length,
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

// --- Medians and the table ---------------------------------------------------------------------

function median(values: number[]): number {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function summarise(runs: Figures[]): Figures {
  const entries = METRICS.filter(({ key }) => key !== "lcpRatio").map(({ key, worst }) => {
    const values = runs.map((figures) => figures[key as keyof Figures]);
    const worstValue = values.length > 0 ? Math.max(...values) : Number.NaN;
    return [key, worst ? worstValue : median(values)];
  });
  return Object.fromEntries(entries) as Figures;
}

/** Medians per page for one preset, with LCP as a ratio to the reference's median LCP. */
function summariesOf(runs: Run[], preset: string): Record<string, Summary> {
  const byPage = Object.fromEntries(
    PAGES.map(({ name }) => {
      const pageRuns = runs.filter((run) => run.preset === preset && run.page === name);
      return [name, summarise(pageRuns.map((run) => run.figures))];
    }),
  );
  const referenceLcp = byPage.reference?.lcp ?? Number.NaN;
  return Object.fromEntries(
    Object.entries(byPage).map(([name, figures]) => [
      name,
      { ...figures, lcpRatio: figures.lcp / referenceLcp },
    ]),
  );
}

type Verdict = { page: string; metric: string; bar: string; value: string; holds: boolean };

function barApplies(bar: Bar | undefined, page: string): bar is Bar {
  return (
    bar !== undefined && BARRED_PAGES.includes(page) && (!bar.landingOnly || page === "landing")
  );
}

function verdictsOf(summaries: Record<string, Summary>): Verdict[] {
  return BARRED_PAGES.flatMap((page) =>
    METRICS.filter((metric) => barApplies(metric.bar, page)).map(({ label, key, format, bar }) => {
      const value = summaries[page]?.[key] ?? Number.NaN;
      return {
        page,
        metric: label,
        bar: bar?.text ?? "",
        value: format(value),
        holds: !!bar?.holds(value),
      };
    }),
  );
}

function cell(metric: Metric, page: string, summaries: Record<string, Summary>): string {
  const value = summaries[page]?.[metric.key] ?? Number.NaN;
  if (Number.isNaN(value)) return "n/a";
  const figure = metric.format(value);
  if (!barApplies(metric.bar, page)) return figure;
  return `${figure} ${metric.bar.holds(value) ? "ok" : "NO"}`;
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

function printPreset(preset: Preset, summaries: Record<string, Summary>) {
  const counted = preset.name === "mobile" ? "bars counted" : "bars informational";
  const rows = METRICS.map((metric) => [
    metric.label,
    ...PAGES.map((page) => cell(metric, page.name, summaries)),
    metric.bar?.text ?? "",
  ]);
  printTable(
    `${preset.name}: median of ${preset.runs} runs (${counted})`,
    ["metric", ...PAGES.map((page) => page.label), "bar"],
    rows,
  );
}

/**
 * "hydrated": navigation to the form being live on /, with 4x CPU (the bar) and with slow 4G added
 * (informational), throttling applied rather than simulated (see bench-form-live.ts).
 */
async function formLiveVerdict(url: string): Promise<Verdict> {
  const bar = `<= ${seconds(FORM_LIVE_AFTER_FCP_BAR_MS)} after FCP, 4x CPU`;
  const rows: string[][] = [];
  let verdict: Verdict | undefined;
  for (const slowNetwork of [false, true]) {
    const runs = await measureFormLive(url, MOBILE_RUNS, { slowNetwork });
    const afterFcp = median(runs.map((run) => run.formLive - run.fcp));
    const holds = afterFcp <= FORM_LIVE_AFTER_FCP_BAR_MS;
    const figure = seconds(afterFcp);
    rows.push([
      slowNetwork ? "4x CPU, slow 4G" : "4x CPU",
      seconds(median(runs.map((run) => run.fcp))),
      seconds(median(runs.map((run) => run.formLive))),
      slowNetwork ? figure : `${figure} ${holds ? "ok" : "NO"}`,
    ]);
    verdict ??= { page: "landing", metric: "hydrated - FCP", bar, value: figure, holds };
  }
  printTable(
    `hydrated: the form live on /, throttling applied, median of ${MOBILE_RUNS} runs (bar ${bar})`,
    ["throttling", "FCP", "hydrated", "hydrated - FCP"],
    rows,
  );
  return verdict as Verdict;
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
  const busyStarts: string[] = [];
  const inlineCss = Object.fromEntries(
    await Promise.all(
      PAGES.map(async (page) => [page.name, await inlineCssBytes(urls[page.name] ?? "")]),
    ),
  );
  for (const preset of PRESETS) {
    // Pages take turns within each round, so a noisy minute hurts all three alike.
    for (let n = 1; n <= preset.runs; n++) {
      for (const page of PAGES) {
        const name = `${page.name}-${preset.name}-${n}`;
        const cpu = await waitForQuietCpu();
        const cpuNote = `CPU ${Math.round(cpu.busy * 100)}% busy after ${(cpu.waitedMs / 1000).toFixed(1)} s`;
        if (!cpu.quiet) busyStarts.push(name);
        const url = urls[page.name] ?? "";
        try {
          const lhr = await runLighthouse(url, preset);
          const { figures, offenders } = figuresOf(lhr, new URL(url).origin, {
            inlineCss: inlineCss[page.name] ?? 0,
            jsGzip: await scriptGzipBytes(lhr),
          });
          runs.push({ preset: preset.name, page: page.name, figures, offenders });
          const raw = { cpu, ...trimmed(lhr) };
          await writeFile(resolve(rawDir, `${name}.json`), `${JSON.stringify(raw, null, 2)}\n`);
          const quietNote = cpu.quiet ? "" : " (never quiet, ran anyway)";
          console.log(
            `${name.padEnd(22)} ${cpuNote}${quietNote}; performance ${score(figures.performance)}, LCP ${seconds(figures.lcp)}`,
          );
        } catch (error) {
          console.log(`${name.padEnd(22)} ${cpuNote}; run failed: ${(error as Error).message}`);
        }
      }
    }
  }
  return { runs, busyStarts };
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
    const { runs, busyStarts } = await measureAll(urls, rawDir);
    const summaries = Object.fromEntries(
      PRESETS.map((preset) => [preset.name, summariesOf(runs, preset.name)]),
    );
    for (const preset of PRESETS) printPreset(preset, summaries[preset.name] ?? {});
    console.log("* worst run, not the median");
    console.log(
      "SEO bar on / only: /success carries noindex on purpose, so is-crawlable fails there.",
    );
    const offenders = [...new Set(runs.flatMap((run) => run.offenders))];
    for (const url of offenders) console.log(`off-origin or render-blocking: ${url}`);
    if (busyStarts.length > 0) {
      console.log(
        `${busyStarts.length} of ${runs.length} runs started on a busy CPU: figures may be noisy.`,
      );
    }
    const verdicts = [
      ...verdictsOf(summaries.mobile ?? {}),
      await formLiveVerdict(urls.landing ?? ""),
    ];
    const durationMs = Date.now() - startedAt.getTime();
    const summaryFile = resolve(rawDir, "summary.json");
    const summaryJson = { startedAt, durationMs, urls, busyStarts, summaries, verdicts, offenders };
    await writeFile(summaryFile, `${JSON.stringify(summaryJson, null, 2)}\n`);
    console.log(`Total time ${(durationMs / 60_000).toFixed(1)} min; summary in ${summaryFile}`);
    const holding = verdicts.filter((verdict) => verdict.holds).length;
    console.log(`bars: ${holding} hold, ${verdicts.length - holding} do not`);
  } finally {
    await Promise.all([site.close(), reference.close()]);
  }
}

await main();
