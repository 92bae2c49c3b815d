/**
 * The page's one inline script (bundled, minified and hashed into the CSP at build time by
 * scripts/build/inline-loader-build.ts): it starts the app once the page has painted, and carries the
 * waitlist's early-submit keeper (src/waitlist/hand-over/keep-early-submits.ts), so a submit made
 * before the app runs is kept (docs/behaviour.md, "Signup before the app starts"). Its settings come
 * from its own data attributes, so every page carries the same script and hash.
 */
import { keepEarlySubmits } from "../../waitlist/hand-over/keep-early-submits";

/** Where paint timing is missing, the app starts this long after the loader. */
const FIRST_PAINT_GRACE_MS = 1000;

const settings = (document.currentScript as HTMLScriptElement).dataset;
const appFailed = keepEarlySubmits(+(settings.giveUpMs as string));

/** Starts the app once: whichever comes first, the paint or the grace timer, and never again. */
let start = () => {
  start = () => {};
  const script = document.createElement("script");
  script.type = "module";
  script.src = settings.app as string;
  script.onerror = appFailed;
  document.head.append(script);
};

try {
  new PerformanceObserver((_list, observer) => {
    observer.disconnect();
    // At once: on a busy machine each further task hop costs the form tens of milliseconds.
    start();
  }).observe({ type: "paint", buffered: true });
} catch {
  // No paint timing: the grace timer below starts the app.
}
setTimeout(() => start(), FIRST_PAINT_GRACE_MS);
