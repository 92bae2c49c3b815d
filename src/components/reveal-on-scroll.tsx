/**
 * Cards fade and rise in once as they scroll into view (SPEC §9: about 0.5 s, threshold 0.1).
 * One shared IntersectionObserver serves every card. The CSS (styles.css) only hides cards where
 * scripts run and motion is welcome, and shows them anyway if this code never starts.
 */
import { useEffect, useRef, useState } from "react";

const IN_VIEW_THRESHOLD = 0.1;
/** Matches the fail-safe delay in styles.css: after it, cards are already visible and stay so. */
const FAILSAFE_MS = 4000;

export type RevealState = "pending" | "shown";

const callbacks = new WeakMap<Element, () => void>();
let observer: IntersectionObserver | undefined;

function observe(element: Element, onVisible: () => void): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        callbacks.get(entry.target)?.();
        observer?.unobserve(entry.target);
      }
    },
    { threshold: IN_VIEW_THRESHOLD },
  );
  callbacks.set(element, onVisible);
  observer.observe(element);
  return () => {
    callbacks.delete(element);
    observer?.unobserve(element);
  };
}

/** Called once by the client entry, before hydration: cancels the CSS fail-safe if in time. */
export function enableScrollReveal(): void {
  if (performance.now() < FAILSAFE_MS) document.documentElement.dataset.js = "";
}

export function useRevealOnScroll<T extends Element>() {
  const ref = useRef<T>(null);
  const [state, setState] = useState<RevealState>("pending");
  useEffect(() => {
    const element = ref.current;
    if (!element || !("IntersectionObserver" in window)) {
      setState("shown");
      return;
    }
    return observe(element, () => setState("shown"));
  }, []);
  return { ref, "data-reveal": state };
}
