import "./styles.css";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { fieldSignals } from "./analytics/field-signals";
import { App } from "./app/app";
import { linkIcons, linkWebManifest, preloadSendOutcome } from "./app/start-up/loader-settings";
import { enableScrollReveal } from "./components/reveal-on-scroll";
import { whenIdle } from "./lib/when-idle";
import { shieldStorage } from "./waitlist/browser/browser-storage";
import { restoreServedPage } from "./waitlist/hand-over/early-submit";
import { FORM_ISLAND_ATTRIBUTE } from "./waitlist/hand-over/form-island";
import { hydrateFormIsland } from "./waitlist/ui/form-island";
import { createPageState } from "./waitlist/ui/page-state";

// Before anything reads site storage: where it is blocked, the tab's memory stands in.
shieldStorage(window);
enableScrollReveal();
linkWebManifest();
linkIcons();

/**
 * What the form's root and the page's share (the signup, the resend question, the form's root
 * itself): made once, here, and handed to both.
 */
const state = createPageState();

/** A mismatch means the prerendered page and the app disagree: make it loud (tests watch it). */
const rootOptions = {
  onRecoverableError(error: unknown) {
    console.error("Hydration error:", error);
  },
};

/**
 * The waitlist form's host (src/waitlist/ui/form-island.tsx), once its markup is parsed whole: its
 * inline script, the host's last child, is in the document only then.
 */
function parsedFormIsland(): HTMLElement | null {
  const host = document.querySelector<HTMLElement>(`[${FORM_ISLAND_ATTRIBUTE}]`);
  return host?.querySelector("script") ? host : null;
}

/** The form as a root of its own: live before the rest of the page has been parsed or hydrated. */
function hydrateForm(host: HTMLElement) {
  // Whatever the inline loader showed for a submit kept before now goes: React must find its markup.
  restoreServedPage(window);
  hydrateFormIsland(host, rootOptions, state);
}

/** The whole page, adopting the form's host as served (the form's root owns what is inside). */
function hydratePage() {
  restoreServedPage(window);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread in one long task (the bench's Total Blocking Time bar), as Next.js does.
  startTransition(() => {
    hydrateRoot(
      document.getElementById("root") as HTMLElement,
      <StrictMode>
        <App state={state} />
      </StrictMode>,
      rootOptions,
    );
  });
  whenIdle(preloadSendOutcome);
  // The field signals, only in a build with VITE_PLAUSIBLE_DOMAIN: the tracker loads at idle.
  if (__ANALYTICS_ON__) whenIdle(() => fieldSignals.start());
}

/**
 * Runs `then` in a task after the next frame is rendered (an intersection observer's first notice:
 * the body always meets the viewport), with no timer, which a test's paused clock would hold.
 */
function afterNextFrame(then: () => void) {
  const observer = new IntersectionObserver(() => {
    observer.disconnect();
    then();
  });
  observer.observe(document.body);
}

// The inline loader (src/app/start-up/inline-loader.ts) starts this module as soon as the form's
// markup is parsed (or, on a page without the form, once the page has been painted whole): the
// form hydrates at once; the page needs its whole prerendered tree, so it waits for the parse, and
// then for a frame, the form drawn live by then; its hydration, a transition, yields to the
// visitor's input.
const formHost = parsedFormIsland();
if (formHost) hydrateForm(formHost);

function hydrateRest() {
  const host = document.querySelector<HTMLElement>(`[${FORM_ISLAND_ATTRIBUTE}]`);
  if (host && !formHost) hydrateForm(host);
  hydratePage();
}

const afterParse = formHost ? () => afterNextFrame(hydrateRest) : hydrateRest;
if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", afterParse, { once: true });
} else {
  afterParse();
}
