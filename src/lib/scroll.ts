/**
 * The attribute of a landing band whose rendering the browser skips until it comes near
 * (content-visibility in styles.css): until then it holds an estimated height.
 */
export const OFFSCREEN_BAND_ATTRIBUTE = "data-offscreen-band";

/**
 * Renders the skipped bands before `target`, so positions below them are real, not estimated: the
 * work the browser would do anyway as a scroll passes them, done before the scroll aims.
 */
function renderBandsBefore(target: Element): void {
  for (const band of document.querySelectorAll<HTMLElement>(`[${OFFSCREEN_BAND_ATTRIBUTE}]`)) {
    if (!(band.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
    band.style.contentVisibility = "visible";
  }
}

/** Smooth-scrolls to a landing section (instantly under reduced motion) and moves focus to its heading. */
export function scrollToSection(sectionId: string): void {
  const section = document.getElementById(sectionId);
  if (!section) return;
  renderBandsBefore(section);
  const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  // The fixed header's height is kept clear by scroll-padding-top in styles.css.
  section.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
  section.querySelector<HTMLElement>("h2")?.focus({ preventScroll: true });
}
