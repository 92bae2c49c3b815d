/** Google's reCAPTCHA as recaptcha.ts sees it: its API, why no token came, its challenge. */

/** The part of Google's grecaptcha API the waitlist uses (the local stand-in has the same). */
export type Grecaptcha = {
  render(
    container: HTMLElement,
    parameters: {
      sitekey: string;
      size: "invisible";
      badge: "inline";
      callback(token: string): void;
      "expired-callback"(): void;
      "error-callback"(): void;
    },
  ): number;
  execute(widget: number): void;
  reset(widget: number): void;
};

/** Why no token came: the words the form shows differ for each (texts.ts, `botCheckTexts`). */
export type BotCheckFailure = "blocked" | "closed" | "expired" | "error" | "silent";

/** The check gave no token, for `reason`; no request left the page. */
export class BotCheckUnavailableError extends Error {
  readonly reason: BotCheckFailure;
  constructor(reason: BotCheckFailure, detail: string) {
    super(`reCAPTCHA gave no token: ${detail}`);
    this.name = "BotCheckUnavailableError";
    this.reason = reason;
  }
}

/** Hidden this long with no token, a challenge was closed: Google may hide a solved one first. */
export const CLOSED_AFTER_MS = 500;
/** Google's challenge frame (its "bframe"); the element it sits in is shown and hidden. */
const CHALLENGE_FRAME =
  'iframe[src*="/recaptcha/api2/bframe"], iframe[src*="/recaptcha/enterprise/bframe"]';

/** Watches Google's challenge (Google calls nothing when it is closed); returns its stop. */
export function watchChallenge(
  document: Document,
  onShown: (shown: boolean) => void,
  onClosed: () => void,
): () => void {
  let shown = false;
  let closing: ReturnType<typeof setTimeout> | undefined;
  const look = () => {
    // What Google shows and hides: the challenge frame's ancestor that is a child of body.
    let element: HTMLElement | null = document.querySelector(CHALLENGE_FRAME);
    while (element && element.parentElement !== document.body) element = element.parentElement;
    const visible =
      element !== null && document.defaultView?.getComputedStyle(element).visibility !== "hidden";
    if (visible === shown) return;
    shown = visible;
    clearTimeout(closing);
    onShown(visible);
    if (!visible) closing = setTimeout(onClosed, CLOSED_AFTER_MS);
  };
  const observer = new MutationObserver(look);
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["style", "class", "hidden"],
  });
  look();
  return () => {
    observer.disconnect();
    clearTimeout(closing);
    if (shown) onShown(false);
  };
}
