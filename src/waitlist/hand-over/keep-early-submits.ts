/**
 * The loader's half of the hand-over (early-submit.ts), carried by the inline loader
 * (src/app/start-up/inline-loader.ts): until the app's own handler is live, a waitlist submit is
 * kept instead of navigating (docs/behaviour.md, "Signup before the app starts"). In every page's
 * first packet, so it stays small and imports only the contract.
 */
import {
  EARLY_SUBMIT_ATTRIBUTE,
  EARLY_SUBMIT_BUSY_ATTRIBUTE,
  EARLY_SUBMIT_GLOBAL,
  type EarlySubmitHandOver,
} from "./early-submit";

/**
 * Starts keeping submits; `giveUpMs` after a kept submit without the app, the form says nothing was
 * sent. Returns what to call when the app's script fails to load: the same message, at once.
 */
export function keepEarlySubmits(giveUpMs: number): () => void {
  const early: EarlySubmitHandOver = {};
  (window as unknown as Record<string, EarlySubmitHandOver>)[EARLY_SUBMIT_GLOBAL] = early;
  let giveUpTimer: ReturnType<typeof setTimeout> | undefined;
  /** The form whose submit is kept: the one that says nothing was sent if the app never starts. */
  let keptForm: HTMLFormElement | undefined;
  /** The texts the loader changed, with what they said as served. */
  let served: [Node, string | null][] = [];

  function show(node: Node | null, text: string | null) {
    if (!node) return;
    served.push([node, node.textContent]);
    node.textContent = text;
  }

  function putBack() {
    clearTimeout(giveUpTimer);
    for (const [node, text] of served) node.textContent = text;
    served = [];
  }

  /**
   * The app has not started in time: the form of a kept submit says that nothing was sent. If the
   * app starts after all, it takes the submit over and its own messages replace this one.
   */
  function giveUp() {
    if (!keptForm || !early.restore) return;
    putBack();
    show(keptForm.querySelector("[aria-live]"), keptForm.getAttribute(EARLY_SUBMIT_ATTRIBUTE));
  }

  early.restore = () => {
    putBack();
    early.restore = undefined;
  };

  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target as HTMLFormElement;
      if (early.live || !form.hasAttribute(EARLY_SUBMIT_ATTRIBUTE)) return;
      event.preventDefault();
      early.kept = true;
      keptForm = form;
      // Once the app has begun to hydrate, the page must stay as served: the submit is only kept.
      if (!early.restore) return;
      putBack();
      show(form.querySelector("button"), form.getAttribute(EARLY_SUBMIT_BUSY_ATTRIBUTE));
      giveUpTimer = setTimeout(giveUp, giveUpMs);
    },
    true,
  );
  return giveUp;
}
