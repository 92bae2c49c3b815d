/**
 * Cards fade and rise in once as they scroll into view (docs/behaviour.md, "Constants": about 0.5 s, threshold 0.1). Plain
 * DOM, no React state: most cards sit in static parts of the page that React never touches. The CSS
 * (styles.css) only hides cards where scripts run and motion is welcome, and shows them anyway if
 * this code never starts.
 */

const IN_VIEW_THRESHOLD = 0.1;
/** Matches the fail-safe delay in styles.css: after it, cards are already visible and stay so. */
const FAILSAFE_MS = 4000;

/** The attribute a card carries; styles.css hides it while "pending" (RevealCard sets it). */
export const REVEAL_ATTRIBUTE = "data-reveal";

/** Called once by the client entry, before hydration: cancels the CSS fail-safe if in time. */
export function enableScrollReveal(): void {
  if (performance.now() < FAILSAFE_MS) document.documentElement.dataset.js = "";
}

/** Shows every card of the page still pending as it comes into view (once hydration is done). */
export function revealOnScroll(): void {
  const pending = document.querySelectorAll(`[${REVEAL_ATTRIBUTE}="pending"]`);
  const show = (card: Element) => card.setAttribute(REVEAL_ATTRIBUTE, "shown");
  if (!("IntersectionObserver" in window)) {
    pending.forEach(show);
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        show(entry.target);
        observer.unobserve(entry.target);
      }
    },
    { threshold: IN_VIEW_THRESHOLD },
  );
  for (const card of pending) observer.observe(card);
}
