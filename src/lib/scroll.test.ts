// @vitest-environment happy-dom
/**
 * scrollToSection: renders the skipped bands before the section (never those after it), scrolls
 * smoothly, or at once under reduced motion, and moves focus to the section's heading.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { OFFSCREEN_BAND_ATTRIBUTE, scrollToSection } from "./scroll";

function page() {
  document.body.innerHTML = `
    <section id="hero"><h2 tabindex="-1">Hero</h2></section>
    <section id="features" ${OFFSCREEN_BAND_ATTRIBUTE}><h2 tabindex="-1">Features</h2></section>
    <section id="solutions" ${OFFSCREEN_BAND_ATTRIBUTE}><h2 tabindex="-1">Solutions</h2></section>
    <section id="waitlist" ${OFFSCREEN_BAND_ATTRIBUTE}><h2 tabindex="-1">Waitlist</h2></section>`;
  const scrolls: (ScrollIntoViewOptions | boolean | undefined)[] = [];
  const section = (id: string) => document.getElementById(id) as HTMLElement;
  for (const id of ["hero", "features", "solutions", "waitlist"]) {
    section(id).scrollIntoView = (options) => scrolls.push(options);
  }
  return { section, scrolls };
}

function reducedMotion(reduce: boolean) {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query) =>
      ({
        matches: reduce && query === "(prefers-reduced-motion: reduce)",
        media: query,
      }) as MediaQueryList,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("scrollToSection", () => {
  it("renders the skipped bands before the section, not it or those after", () => {
    reducedMotion(false);
    const { section } = page();
    scrollToSection("solutions");
    expect(section("features").style.contentVisibility).toBe("visible");
    expect(section("solutions").style.contentVisibility).toBe("");
    expect(section("waitlist").style.contentVisibility).toBe("");
  });

  it("scrolls smoothly to the section's start and focuses its heading", () => {
    reducedMotion(false);
    const { section, scrolls } = page();
    scrollToSection("waitlist");
    expect(scrolls).toEqual([{ behavior: "smooth", block: "start" }]);
    expect(document.activeElement).toBe(section("waitlist").querySelector("h2"));
  });

  it("jumps at once under reduced motion", () => {
    reducedMotion(true);
    const { scrolls } = page();
    scrollToSection("features");
    expect(scrolls).toEqual([{ behavior: "auto", block: "start" }]);
  });

  it("does nothing for a section that is not there", () => {
    reducedMotion(false);
    const { scrolls } = page();
    scrollToSection("missing");
    expect(scrolls).toEqual([]);
    expect(document.activeElement).toBe(document.body);
  });
});
