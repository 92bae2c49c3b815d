import "./styles.css";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { fieldSignals } from "./analytics/field-signals";
import { App } from "./app/app";
import { linkWebManifest, preloadSendOutcome } from "./app/start-up/loader-settings";
import { enableScrollReveal } from "./components/reveal-on-scroll";
import { whenIdle } from "./lib/when-idle";
import { shieldStorage } from "./waitlist/browser/browser-storage";
import { restoreServedPage } from "./waitlist/hand-over/early-submit";

// Before anything reads site storage: where it is blocked, the tab's memory stands in.
shieldStorage(window);
enableScrollReveal();
linkWebManifest();

function hydrate() {
  // Whatever the inline loader showed for a submit kept before now goes: React must find its markup.
  restoreServedPage(window);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread in one long task (the bench's Total Blocking Time bar), as Next.js does.
  startTransition(() => {
    hydrateRoot(
      document.getElementById("root") as HTMLElement,
      <StrictMode>
        <App />
      </StrictMode>,
      {
        // A mismatch means the prerendered page and the app disagree: make it loud (tests watch it).
        onRecoverableError(error) {
          console.error("Hydration error:", error);
        },
      },
    );
  });
  whenIdle(preloadSendOutcome);
  // The field signals, only in a build with VITE_PLAUSIBLE_DOMAIN: the tracker loads at idle.
  if (__ANALYTICS_ON__) whenIdle(() => fieldSignals.start());
}

// The inline loader (src/app/start-up/inline-loader.ts) starts this module from <head>: it can
// arrive before the document is parsed, and hydration needs the whole prerendered tree.
if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", hydrate, { once: true });
} else {
  hydrate();
}
