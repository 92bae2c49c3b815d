/**
 * Google's reCAPTCHA as recaptcha.ts sees it: the part of its API the waitlist uses, why a turn
 * gave no token, and the watch on its challenge, which Google closes without calling anything.
 */

/** The part of Google's grecaptcha API the waitlist uses (the local stand-in implements the same). */
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
  getResponse(widget: number): string;
};

/** Why no token came: the words the form shows differ for each (texts.ts, `botCheckTexts`). */
export type BotCheckFailure = "blocked" | "closed" | "expired" | "error" | "silent";

/**
 * The check could not give a token: its script did not load ("blocked"), the visitor closed its
 * challenge ("closed"), the challenge or token expired ("expired"), Google reported an error
 * ("error"), or Google gave neither a token nor a challenge in time ("silent"). No request left
 * the page.
 */
export class BotCheckUnavailableError extends Error {
  readonly reason: BotCheckFailure;
  constructor(reason: BotCheckFailure, detail: string) {
    super(`reCAPTCHA gave no token: ${detail}`);
    this.name = "BotCheckUnavailableError";
    this.reason = reason;
  }
}

/**
 * A challenge hidden without a token is taken as closed once this long has passed without one:
 * Google may hide a solved challenge a moment before it calls back with the token.
 */
export const CLOSED_AFTER_MS = 500;
/** Google's challenge frame (its "bframe"); the element it sits in is shown and hidden. */
const CHALLENGE_FRAME =
  'iframe[src*="/recaptcha/api2/bframe"], iframe[src*="/recaptcha/enterprise/bframe"]';

/**
 * Watches Google's challenge while a token is awaited: `onShown(true)` once it is shown,
 * `onShown(false)` once hidden again, then `onClosed()` if no token followed within CLOSED_AFTER_MS.
 * Returns its stop.
 */
export function watchChallenge(
  document: Document,
  onShown: (shown: boolean) => void,
  onClosed: () => void,
): () => void {
  let shown = false;
  let closing: ReturnType<typeof setTimeout> | undefined;
  /** The element Google shows and hides: the challenge frame's ancestor that is a child of body. */
  const container = (): HTMLElement | null => {
    let node: HTMLElement | null = document.querySelector(CHALLENGE_FRAME);
    while (node && node.parentElement !== document.body) node = node.parentElement;
    return node;
  };
  const look = () => {
    const element = container();
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

/** One page's check: its settings, and where its widget, its turns and the visitor's focus stand. */
