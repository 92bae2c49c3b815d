/**
 * The page's one inline script (bundled, minified and hashed into the CSP at build time by
 * scripts/build/inline-loader-build.ts): it starts the app once the page has been painted whole,
 * and carries the waitlist's early-submit keeper (src/waitlist/hand-over/keep-early-submits.ts), so
 * a submit made before the app runs is kept (docs/behaviour.md, "Signup before the app starts").
 * Its settings come from its own data attributes, so every page carries the same script and hash.
 */
import { FORM_PARSED_ID } from "../../waitlist/hand-over/form-island";
import { keepEarlySubmits } from "../../waitlist/hand-over/keep-early-submits";

/** Where paint timing is missing, or a hidden tab paints nothing, the app starts this late. */
const FIRST_PAINT_GRACE_MS = 1000;

/** A short name for the document: the minifier keeps a global's name as written (the budget). */
const doc = document;
const settings = (doc.currentScript as HTMLScriptElement).dataset;
const appFailed = keepEarlySubmits(+(settings.giveUpMs as string));

/** Starts the app once: whichever comes first, the page painted whole or the grace timer. */
let start = () => {
  start = () => {};
  const script = doc.createElement("script");
  script.type = "module";
  script.src = settings.app as string;
  script.onerror = appFailed;
  doc.head.append(script);
};

/*
 * The app starts once the page's first screen has been painted: after its first contentful paint
 * (the first paint may be the background alone), at the end of the first frame rendered after that
 * paint was reported and the waitlist form's markup was parsed (the data block right after the
 * form is in the document: see src/waitlist/hand-over/form-island.ts), or, on a page without the
 * form, after the document was parsed. So where the form is parsed by the time the paint is
 * reported, as it is on a page that paints its first screen whole, the app starts one frame after
 * that paint, as the bench's React floor does (docs/performance.md). Any earlier, and the app's
 * download can land before the largest contentful paint, which Lighthouse's simulation then
 * charges with that download and the app's evaluation. Only the browser's own signals, no timer:
 * a test's fake clock must not hold the app back.
 */

/**
 * Starts the app at the end of the next frame if the form was parsed before that frame (so the
 * frame drew it), or else looks again then. An intersection observer's first notice comes in a task
 * after the next frame's rendering; the body always meets the viewport, so each observer gives that
 * one notice (nothing to disconnect).
 */
function startAfterFrame() {
  // The form's markup is parsed (the data block after it is in), or the whole document is.
  const drawn = doc.getElementById(FORM_PARSED_ID) || doc.readyState !== "loading";
  new IntersectionObserver(() => (drawn ? start() : startAfterFrame())).observe(doc.body);
}

try {
  // From <head>, before anything is painted: no entry to replay (buffered), and each comes once.
  new PerformanceObserver((list) => {
    if (list.getEntriesByName("first-contentful-paint").length) startAfterFrame();
  }).observe({ type: "paint" });
} catch {
  // No paint timing: the grace timer below starts the app.
}
setTimeout(() => start(), FIRST_PAINT_GRACE_MS);
