import { StrictMode, startTransition } from "react";
import { hydrateRoot, type RootOptions } from "react-dom/client";
import { fieldSignals } from "@/analytics/field-signals";
import { whenIdle } from "@/lib/when-idle";
import type { PageState } from "@/waitlist/ui/page-state";
import { App } from "./app";
import { linkIcons, linkWebManifest, preloadSendOutcome } from "./start-up/loader-settings";

/**
 * The whole page as a root of its own, adopting the form's host as served (the form's root owns
 * what is inside): a chunk the client entry loads once the form is live, so its code is evaluated
 * in a task of its own, after the form's.
 */
export function hydratePage(state: PageState, options: RootOptions): void {
  linkWebManifest();
  linkIcons();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread in one long task (the bench's Total Blocking Time bar), as Next.js does.
  startTransition(() => {
    hydrateRoot(
      document.getElementById("root") as HTMLElement,
      <StrictMode>
        <App state={state} />
      </StrictMode>,
      options,
    );
  });
  whenIdle(preloadSendOutcome);
  // The field signals, only in a build with VITE_PLAUSIBLE_DOMAIN: the tracker loads at idle.
  if (__ANALYTICS_ON__) whenIdle(() => fieldSignals.start());
}
