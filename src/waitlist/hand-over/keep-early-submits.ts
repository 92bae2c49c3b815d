/** The loader's half of the hand-over (early-submit.ts): in every first packet, so kept small. */
import {
  EARLY_SUBMIT_ATTRIBUTE,
  EARLY_SUBMIT_BUSY_ATTRIBUTE,
  EARLY_SUBMIT_GLOBAL,
  type EarlySubmitHandOver,
} from "./early-submit";

/** Keeps submits; the form says none was sent `giveUpMs` on, or when the returned call is made. */
export function keepEarlySubmits(giveUpMs: number): () => void {
  const early: EarlySubmitHandOver = {};
  (window as unknown as Record<string, EarlySubmitHandOver>)[EARLY_SUBMIT_GLOBAL] = early;
  let giveUpTimer: ReturnType<typeof setTimeout> | undefined;
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

  // Only while `restore` is set (hydration not begun): after, the form's messages are the app's.
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
