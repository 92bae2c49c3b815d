/**
 * The page's one inline script (bundled, minified and hashed into the CSP at build time by
 * scripts/inline-loader-build.ts): it starts the app once the page has painted, and keeps a
 * waitlist submit made before the app runs (docs/behaviour.md, "Signup before the app starts").
 * Its settings come from its own data attributes, so every page carries the same script and hash.
 */
import {
  EARLY_SUBMIT_ATTRIBUTE,
  EARLY_SUBMIT_BUSY_ATTRIBUTE,
  EARLY_SUBMIT_GLOBAL,
  type EarlySubmitQueue,
} from "../hand-over/early-submit";

/** Where paint timing is missing, the app starts this long after the loader. */
const FIRST_PAINT_GRACE_MS = 1000;

const settings = (document.currentScript as HTMLScriptElement).dataset;
const early: EarlySubmitQueue = {};
(window as unknown as Record<string, EarlySubmitQueue>)[EARLY_SUBMIT_GLOBAL] = early;

let started = false;
let giveUpTimer: ReturnType<typeof setTimeout> | undefined;
/** The texts the loader changed, with what they said as served. */
let served: [Node, string | null][] = [];

function show(node: Node | null, text: string | null) {
  if (!node) return;
  served.push([node, node.textContent]);
  node.textContent = text;
}

function putBack() {
  clearTimeout(giveUpTimer);
  for (const [node, text] of served) node.textContent = text;
  served = [];
}

function start() {
  if (started) return;
  started = true;
  const script = document.createElement("script");
  script.type = "module";
  script.src = settings.app as string;
  script.onerror = giveUp;
  document.head.append(script);
}

/**
 * The app has not started in time: the form of a kept submit says that nothing was sent. If the app
 * starts after all, it takes the submit over and its own messages replace this one.
 */
function giveUp() {
  const form = document.querySelector(`[${EARLY_SUBMIT_ATTRIBUTE}]`);
  if (!early.kept || !early.restore || !form) return;
  putBack();
  show(form.querySelector("[aria-live]"), form.getAttribute(EARLY_SUBMIT_ATTRIBUTE));
}

early.restore = () => {
  putBack();
  early.restore = undefined;
};

document.addEventListener(
  "submit",
  (event) => {
    const form = event.target as HTMLFormElement;
    if (early.live || !form.hasAttribute(EARLY_SUBMIT_ATTRIBUTE)) return;
    event.preventDefault();
    early.kept = true;
    // Once the app has begun to hydrate, the page must stay as served: the submit is only kept.
    if (!early.restore) return;
    putBack();
    show(form.querySelector("button"), form.getAttribute(EARLY_SUBMIT_BUSY_ATTRIBUTE));
    giveUpTimer = setTimeout(giveUp, Number(settings.giveUpMs));
  },
  true,
);

try {
  new PerformanceObserver((_list, observer) => {
    observer.disconnect();
    // At once: on a busy machine each further task hop costs the form tens of milliseconds.
    start();
  }).observe({ type: "paint", buffered: true });
} catch {
  // No paint timing: the grace timer below starts the app.
}
setTimeout(start, FIRST_PAINT_GRACE_MS);
