/**
 * Main-thread work before first contentful paint, by kind (parse, style, layout, paint, script;
 * and "other", the navigation's own commit and the like, which is printed but not counted), read from a Chromium trace of one load with 4x CPU slowdown applied over CDP: the work a
 * page makes the browser do before the visitor sees anything. Used by scripts/bench/run.ts, for the
 * site beside the bare page.
 */
import type { CDPSession } from "@playwright/test";
import { onSlowPhonePage } from "./phone-page";

/** The kinds of work a page's bytes cause, counted in `total`. */
export const COUNTED_KINDS = ["parse", "style", "layout", "paint", "script"] as const;
const WORK_KINDS = [...COUNTED_KINDS, "other"] as const;
type WorkKind = (typeof WORK_KINDS)[number];
/**
 * Milliseconds of main-thread time by kind; `total` is the counted kinds' sum. "other" is mostly
 * committing the navigation (any page pays it, and it swings with the machine), so not counted.
 */
export type PaintWork = Record<WorkKind | "total", number>;

const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "blink.user_timing",
  "loading",
  "v8.execute",
  "toplevel",
];

/** Trace event names by kind, as Lighthouse's main-thread task groups sort them. */
const KIND_OF: Record<string, WorkKind> = {
  ParseHTML: "parse",
  ParseAuthorStyleSheet: "parse",
  UpdateLayoutTree: "style",
  RecalculateStyles: "style",
  Layout: "layout",
  PrePaint: "paint",
  Paint: "paint",
  PaintImage: "paint",
  Layerize: "paint",
  UpdateLayer: "paint",
  UpdateLayerTree: "paint",
  CompositeLayers: "paint",
  Commit: "paint",
  Animation: "paint",
  EvaluateScript: "script",
  FunctionCall: "script",
  "v8.compile": "script",
  "v8.compileModule": "script",
  "v8.evaluateModule": "script",
  "v8.run": "script",
  "V8.Execute": "script",
  TimerFire: "script",
  FireAnimationFrame: "script",
  EventDispatch: "script",
  RunMicrotasks: "script",
  "v8.produceCache": "script",
  "v8.produceModuleCache": "script",
  MajorGC: "script",
  MinorGC: "script",
};

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { frame?: string; data?: { frame?: string; isMainFrame?: boolean } };
};

async function recordTrace(cdp: CDPSession, load: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on("Tracing.dataCollected", ({ value }) =>
    events.push(...(value as unknown as TraceEvent[])),
  );
  await cdp.send("Tracing.start", {
    categories: CATEGORIES.join(","),
    transferMode: "ReportEvents",
  });
  await load();
  const complete = new Promise<void>((done) => cdp.once("Tracing.tracingComplete", () => done()));
  await cdp.send("Tracing.end");
  await complete;
  return events;
}

/**
 * Each complete event's self time (its time less its children's) on the page's main thread between
 * the navigation's start and FCP, added up by kind; an event of no known kind counts as its
 * nearest known ancestor's kind (a task's inner steps are its own).
 */
export function workBeforePaint(events: TraceEvent[]): PaintWork {
  const fcp = events.find((event) => event.name === "firstContentfulPaint");
  if (!fcp) throw new Error("the trace has no first contentful paint");
  const navigationStart = events
    .filter(
      (event) =>
        event.name === "navigationStart" &&
        event.pid === fcp.pid &&
        event.tid === fcp.tid &&
        event.ts <= fcp.ts,
    )
    .reduce((latest, event) => Math.max(latest, event.ts), 0);
  const start = navigationStart;
  const end = fcp.ts;
  const slices = events
    .filter(
      (event) =>
        event.ph === "X" &&
        event.pid === fcp.pid &&
        event.tid === fcp.tid &&
        event.dur !== undefined &&
        event.ts < end &&
        event.ts + (event.dur ?? 0) > start,
    )
    .map((event) => ({
      name: event.name,
      from: Math.max(event.ts, start),
      to: Math.min(event.ts + (event.dur ?? 0), end),
    }))
    .sort((a, b) => a.from - b.from || b.to - a.to);
  const work = Object.fromEntries([...WORK_KINDS, "total"].map((kind) => [kind, 0])) as PaintWork;
  type Open = { to: number; kind: WorkKind | undefined; self: number };
  const stack: Open[] = [];
  const close = (slice: Open) => {
    work[slice.kind ?? "other"] += slice.self;
  };
  for (const slice of slices) {
    while (stack.length > 0 && (stack.at(-1)?.to ?? 0) <= slice.from) close(stack.pop() as Open);
    const parent = stack.at(-1);
    const duration = slice.to - slice.from;
    if (parent) parent.self -= duration;
    stack.push({ to: slice.to, kind: KIND_OF[slice.name] ?? parent?.kind, self: duration });
  }
  while (stack.length > 0) close(stack.pop() as Open);
  for (const kind of WORK_KINDS) work[kind] /= 1000;
  work.total = COUNTED_KINDS.reduce((sum, kind) => sum + work[kind], 0);
  return work;
}

/** One load of `url` in a fresh Chromium at 4x CPU, traced; the work before its first paint. */
export function measurePaintWork(url: string): Promise<PaintWork> {
  return onSlowPhonePage(async ({ page, cdp }) => {
    const events = await recordTrace(cdp, async () => {
      await page.goto(url, { waitUntil: "load" });
      await page.waitForFunction(
        () => performance.getEntriesByName("first-contentful-paint").length > 0,
      );
    });
    return workBeforePaint(events);
  });
}
