/**
 * Whether the page's root has hydrated (`data-hydrated` on <html>, which the e2e tests wait for too).
 * The waitlist form is live before it, in a root of its own (src/waitlist/ui/form-island.tsx): what
 * only the page's root can do (show a toast, move to another page) waits for it.
 */
const waiting: (() => void)[] = [];

function hydrated(): boolean {
  return document.documentElement.hasAttribute("data-hydrated");
}

/** The page's root has hydrated: the page answers every click from here on. */
export function markPageHydrated(): void {
  document.documentElement.dataset.hydrated = "";
  for (const resume of waiting.splice(0)) resume();
}

/** Resolves once the page's root has hydrated (at once if it has). */
export function whenPageHydrated(): Promise<void> {
  if (hydrated()) return Promise.resolve();
  return new Promise((resume) => waiting.push(resume));
}
