/**
 * The page's one inline script (bundled, minified and hashed into the CSP at build time by
 * scripts/build/inline-loader-build.ts): it starts the app once the page has been painted whole,
 * and carries the waitlist's early-submit keeper (src/waitlist/hand-over/keep-early-submits.ts), so
 * a submit made before the app runs is kept (docs/behaviour.md, "Signup before the app starts").
 * Its settings come from its own data attributes, so every page carries the same script and hash.
 */
import { keepEarlySubmits } from "../../waitlist/hand-over/keep-early-submits";

/** Where paint timing is missing, or a hidden tab paints nothing, the app starts this late. */
const FIRST_PAINT_GRACE_MS = 1000;

const settings = (document.currentScript as HTMLScriptElement).dataset;
const appFailed = keepEarlySubmits(+(settings.giveUpMs as string));

/** Starts the app once: whichever comes first, the page painted whole or the grace timer. */
let start = () => {
  start = () => {};
  const script = document.createElement("script");
  script.type = "module";
  script.src = settings.app as string;
  script.onerror = appFailed;
  document.head.append(script);
};

/*
 * The app starts once the page as served has been painted whole: after its first contentful paint
 * (the first paint may be the background alone), at the end of the first frame rendered after the
 * document was parsed, which holds every element the page serves. Any earlier, and the app's
 * download can land before the largest contentful paint, which Lighthouse's simulation then charges
 * with that download and the app's evaluation (docs/performance.md, "Where the time goes at 4x
 * CPU"). Only the browser's own signals, no timer: a test's fake clock must not hold the app back.
 */

/**
 * An intersection observer's first notice comes in a task after the next frame's rendering. The
 * body always meets the viewport, so each observer gives that one notice (nothing to disconnect).
 */
function startAfterFrame(parsedBefore: boolean) {
  new IntersectionObserver(() => {
    if (parsedBefore) start();
    else startAfterFrame(document.readyState !== "loading");
  }).observe(document.body);
}

try {
  // From <head>, before anything is painted: no entry to replay (buffered), and each comes once.
  new PerformanceObserver((list) => {
    if (list.getEntriesByName("first-contentful-paint").length) startAfterFrame(false);
  }).observe({ type: "paint" });
} catch {
  // No paint timing: the grace timer below starts the app.
}
setTimeout(() => start(), FIRST_PAINT_GRACE_MS);
