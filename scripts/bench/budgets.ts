/**
 * The site's speed and weight bars, in one place: the bench judges its figures by them
 * (scripts/bench/metrics.ts), tests/e2e/speed/weight.spec.ts fails a build that outgrows the weight
 * budgets, and docs/performance.md shows them as `budgetsTable()` renders them (a unit test keeps
 * the two the same). Change a bar here, nowhere else.
 *
 * The shape: what Lighthouse itself scores is written as Lighthouse CI assertions
 * (`lighthouserc`'s `assert.assertions`: an audit or `categories:<id>` key, a level, and
 * `minScore` or `maxNumericValue` with an `aggregationMethod`), so it reads as the known format
 * and could be handed to `lhci assert` as it stands. The other bars cannot be said in that format,
 * and stay plain numbers here:
 * - LCP and TBT are judged against a bare one-heading page measured in the same rounds (a busy
 *   machine slows both alike); Lighthouse CI compares a run with fixed numbers only.
 * - The weights count response bodies, JavaScript as served in brotli and again as a gzip-only host
 *   would send it, and CSS inlined into the HTML; Lighthouse's `resource-summary` counts transfer
 *   sizes with headers, in the one encoding it was served, and stylesheets only.
 * - "hydrated" (the form is React's after first paint) is not a Lighthouse audit: the bench
 *   watches it itself (scripts/bench/form-live.ts).
 */

const KB = 1024;

type Median = { aggregationMethod: "median" };
type ScoreAssertion = ["error", Median & { minScore: number }];
type NumericAssertion = ["error", Median & { maxNumericValue: number }];
type LighthouseCiAssertion = ScoreAssertion | NumericAssertion;

const minScore = (score: number): ScoreAssertion => [
  "error",
  { aggregationMethod: "median", minScore: score },
];
const maxNumericValue = (value: number): NumericAssertion => [
  "error",
  { aggregationMethod: "median", maxNumericValue: value },
];

/** Lighthouse mobile, median of the runs, on every page the bench bars (`/` and `/success`). */
export const LIGHTHOUSE_ASSERTIONS = {
  "categories:performance": minScore(1),
  "categories:accessibility": minScore(1),
  "categories:best-practices": minScore(1),
  "total-blocking-time": maxNumericValue(25),
  "cumulative-layout-shift": maxNumericValue(0),
} satisfies Record<string, LighthouseCiAssertion>;

/**
 * On `/` only: `/success` carries noindex on purpose (docs/behaviour.md, "Unknown paths and
 * indexing"), which Lighthouse's is-crawlable audit marks down. The bar is for the page meant to be found.
 */
export const LANDING_LIGHTHOUSE_ASSERTIONS = {
  "categories:seo": minScore(1),
} satisfies Record<string, LighthouseCiAssertion>;

/** Bars relative to the bare page measured in the same rounds (medians of the mobile runs). */
export const REFERENCE_BARS = {
  /** A page's LCP at most this many times the bare page's. */
  lcpRatio: 1.25,
  /** A page's TBT at most the bare page's plus this, besides Lighthouse's own bar above. */
  tbtOverReferenceMs: 25,
};

/** What the pages may weigh: the scripts and CSS of `/`, its idle preloads included, and each page's HTML. */
export const WEIGHT_BUDGETS = {
  /** JavaScript as served in brotli. */
  jsBrotliBytes: 90 * KB,
  /** The same scripts as a host that only gzips sends them. */
  jsGzipBytes: 100 * KB,
  /** Stylesheets and the CSS inlined into the HTML, in gzip. */
  cssGzipBytes: 15 * KB,
  /**
   * A page's HTML with its response headers, in brotli: TCP's first window is 10 segments of
   * 1,460 B (Lighthouse's network simulation uses it too), and a byte more costs a whole round
   * trip before the first paint (150 ms on its slow 4G).
   */
  firstRoundTripBytes: 10 * 1460,
};

/** Requests that must not happen before a submit, counted in the worst run, not the median. */
export const REQUEST_BARS = {
  offOrigin: 0,
  renderBlockingNotCss: 0,
};

/** The form's field is React's at most this long after first contentful paint, 4x CPU. */
export const FORM_LIVE_AFTER_FCP_MS = 1000;

const kilobytes = (bytes: number) => `${bytes / KB} KB`;

const CATEGORY_TITLES: Record<string, string> = {
  "categories:performance": "performance",
  "categories:accessibility": "accessibility",
  "categories:best-practices": "best practices",
  "categories:seo": "SEO",
};

/** Each Lighthouse category bar as a row: "Lighthouse SEO on `/`" | "100". */
function categoryRows(assertions: Record<string, LighthouseCiAssertion>, where: string) {
  return Object.entries(assertions).flatMap(([key, [, options]]) =>
    key.startsWith("categories:") && "minScore" in options
      ? [[`Lighthouse ${CATEGORY_TITLES[key] ?? key}${where}`, String(options.minScore * 100)]]
      : [],
  );
}

/** The bars as docs/performance.md shows them (Markdown). */
export function budgetsTable(): string {
  const tbt = LIGHTHOUSE_ASSERTIONS["total-blocking-time"][1].maxNumericValue;
  const cls = LIGHTHOUSE_ASSERTIONS["cumulative-layout-shift"][1].maxNumericValue;
  const rows = [
    ...categoryRows(LIGHTHOUSE_ASSERTIONS, ""),
    ...categoryRows(LANDING_LIGHTHOUSE_ASSERTIONS, " on `/`"),
    ["LCP", `at most ${REFERENCE_BARS.lcpRatio}× the bare page's`],
    [
      "Total Blocking Time",
      `at most ${tbt} ms, and at most the bare page's + ${REFERENCE_BARS.tbtOverReferenceMs} ms`,
    ],
    ["CLS", String(cls)],
    [
      "JavaScript for `/`, idle preloads included",
      `at most ${kilobytes(WEIGHT_BUDGETS.jsBrotliBytes)} in brotli and ${kilobytes(WEIGHT_BUDGETS.jsGzipBytes)} in gzip`,
    ],
    ["CSS (inline and files)", `at most ${kilobytes(WEIGHT_BUDGETS.cssGzipBytes)} gzip`],
    [
      "Each page's HTML, response headers included, in brotli",
      `at most ${WEIGHT_BUDGETS.firstRoundTripBytes} B (TCP's first round trip)`,
    ],
    ["Requests off the origin before a submit", String(REQUEST_BARS.offOrigin)],
    ["Render-blocking requests but CSS", String(REQUEST_BARS.renderBlockingNotCss)],
    [
      `"hydrated": the form's field is React's, after first paint, 4x CPU`,
      `at most ${FORM_LIVE_AFTER_FCP_MS / 1000} s`,
    ],
  ];
  const lines = ["| Figure | Bar |", "|---|---|"];
  for (const [figure, bar] of rows) lines.push(`| ${figure} | ${bar} |`);
  return `${lines.join("\n")}\n`;
}
