/** Smooth-scrolls to a landing section (instantly under reduced motion) and moves focus to its heading. */
export function scrollToSection(sectionId: string): void {
  const section = document.getElementById(sectionId);
  if (!section) return;
  const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  // The fixed header's height is kept clear by scroll-padding-top in styles.css.
  section.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
  section.querySelector<HTMLElement>("h2")?.focus({ preventScroll: true });
}
