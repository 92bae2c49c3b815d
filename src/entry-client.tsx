import "./styles.css";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import { enableScrollReveal } from "./components/reveal-on-scroll";
import { shieldStorage } from "./lib/browser-storage";
import { restoreServedPage } from "./lib/signup/early-submit";
import { whenIdle } from "./lib/when-idle";

/** Set once the idle preloads have settled (the e2e tests wait for it before going offline). */
const PRELOADED_MARK = "bulwark:preloaded";

// Before anything reads site storage: where it is blocked, the tab's memory stands in.
shieldStorage(window);
enableScrollReveal();
linkWebManifest();

/** Module-preloads the files the inline loader's data-preload lists (scripts/prerender.ts). */
function preloadSendOutcome() {
  const files = loaderSetting("preload")?.split(" ").filter(Boolean) ?? [];
  const loaded = files.map(
    (href) =>
      new Promise<void>((settle) => {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.href = href;
        link.onload = () => settle();
        link.onerror = () => settle();
        document.head.append(link);
      }),
  );
  void Promise.all(loaded).then(() => performance.mark(PRELOADED_MARK));
}

/** One of the inline loader's data-* settings. */
function loaderSetting(name: string): string | undefined {
  return document.querySelector<HTMLElement>("script[data-app]")?.dataset[name];
}

/**
 * The built pages leave the manifest link out of the head (its fetch would race the first paint);
 * the app, which starts after that paint, links it from the inline loader's data-manifest.
 */
function linkWebManifest() {
  const href = loaderSetting("manifest");
  if (!href) return;
  const link = document.createElement("link");
  link.rel = "manifest";
  link.href = href;
  document.head.append(link);
}

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
  // What a send and its outcome need, fetched and compiled while the page is quiet, but not run
  // (running them then would block the main thread): once they are in, going offline or a redeploy
  // that removes these files can no longer hide the result of a send.
  whenIdle(preloadSendOutcome);
}

// The inline loader (src/inline-loader.ts) starts this module from <head>: it can arrive before
// the document is parsed, and hydration needs the whole prerendered tree.
if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", hydrate, { once: true });
} else {
  hydrate();
}
