/**
 * Resolves on the visitor's next sign of interaction (pointer, key, touch, focus). Code that only
 * matters once someone interacts waits for it, so a page that is only looked at never downloads it.
 * On the server it resolves at once, so prerendering is never held back.
 */
const INTERACTION_EVENTS = [
  "pointerdown",
  "pointermove",
  "keydown",
  "touchstart",
  "focusin",
  "wheel",
];

export function nextInteraction(): Promise<void> {
  if (typeof window === "undefined") return Promise.resolve();
  return new Promise((resolve) => {
    const options = { capture: true, passive: true } as const;
    const done = () => {
      for (const type of INTERACTION_EVENTS) window.removeEventListener(type, done, options);
      resolve();
    };
    for (const type of INTERACTION_EVENTS) window.addEventListener(type, done, options);
  });
}

let firstInteraction: Promise<void> | undefined;

export function afterFirstInteraction(): Promise<void> {
  firstInteraction ??= nextInteraction();
  return firstInteraction;
}
