/**
 * How soon a page's form is React's (the site's landing page, or a floor): the time from
 * navigation to the first frame in which the form's email field carries React's props (React sets them as it hydrates that element, so
 * from then on React handles what the visitor does there), beside first contentful paint, in
 * Chromium with Lighthouse's mobile throttling applied: 4x CPU, and optionally its slow 4G.
 * Watched from outside the app, by a script the page is given before its own, the same way with
 * and without the slow network. Lighthouse simulates throttling, which this would not see, so it is
 * measured apart. Used by scripts/bench/run.ts.
 */
import { onSlowPhonePage } from "./phone-page";

const FIELD_REACTS_MARK = "bench:field-is-react's";
/** The promise the watch leaves on the page: FCP and form live, once both are known. */
const RESULT = "__benchFormLive";
const KBIT = 1024 / 8;

export type FormLive = { fcp: number; formLive: number };

/**
 * Runs in the page before its own scripts: checks once a frame whether the form's email field has
 * React's props (a `__reactProps$…` key) and marks the first frame where it does. Once a frame
 * costs the page next to nothing, and a frame is what a visitor's next event waits for anyway.
 * Its result is a promise read over CDP, never with Playwright's waitForFunction: that compiles
 * Playwright's own injected script in the page (about 100 ms at 4x CPU), in the middle of the
 * measured time on a page whose load event comes before it hydrates.
 * Source text, not a function: tsx would wrap a function's inner ones in a helper the page lacks.
 */
const WATCH_FIELD = `(() => {
  let live;
  const formLive = new Promise((resolve) => { live = resolve; });
  const fcp = new Promise((resolve) => {
    new PerformanceObserver((list) => {
      const entry = list.getEntriesByName("first-contentful-paint")[0];
      if (entry) resolve(entry.startTime);
    }).observe({ type: "paint", buffered: true });
  });
  window.${RESULT} = Promise.all([fcp, formLive]).then(([fcp, formLive]) => ({ fcp, formLive }));
  const check = () => {
    const field = document.querySelector('form input[type="email"]');
    if (field && Object.keys(field).some((key) => key.startsWith("__reactProps$"))) {
      live(performance.mark(${JSON.stringify(FIELD_REACTS_MARK)}).startTime);
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

/** One load of `url` in a fresh Chromium. */
export function formLiveOnce(url: string, slowNetwork: boolean): Promise<FormLive> {
  return onSlowPhonePage(async ({ page, cdp, mobile }) => {
    if (slowNetwork) {
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: mobile.requestLatencyMs,
        downloadThroughput: mobile.downloadThroughputKbps * KBIT,
        uploadThroughput: mobile.uploadThroughputKbps * KBIT,
      });
    }
    await page.addInitScript(WATCH_FIELD);
    await page.goto(url);
    const { result, exceptionDetails } = await cdp.send("Runtime.evaluate", {
      expression: `window.${RESULT}`,
      awaitPromise: true,
      returnByValue: true,
    });
    if (exceptionDetails) throw new Error(`form live on ${url}: ${exceptionDetails.text}`);
    return result.value as FormLive;
  });
}

/** `runs` fresh browsers, one after the other. */
export async function measureFormLive(
  url: string,
  runs: number,
  { slowNetwork }: { slowNetwork: boolean },
): Promise<FormLive[]> {
  const results: FormLive[] = [];
  for (let run = 0; run < runs; run++) results.push(await formLiveOnce(url, slowNetwork));
  return results;
}
