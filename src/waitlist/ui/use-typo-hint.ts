/**
 * The typo hint of the form's field (docs/behaviour.md, "Typo hint"): when the field is left, or on
 * a send before it was, an address whose domain looks like a slip gets the address as it would be
 * corrected, which the visitor may take or ignore. Never a block: a send holds only for a hint the
 * visitor has not seen yet, and an address sent as typed is not questioned again on this page.
 * The form's hook (use-waitlist-signup.ts) owns it; with the field signals on, each hint that goes
 * (taken, sent as typed, or replaced as the field changes) is one "Typo Hint" event saying whether
 * it was taken, never what was typed.
 *
 * The check (typo-hint.ts and its lists), with the hint's words and button (typo-hint-part.tsx), is
 * a chunk of its own, loaded after the visitor's first interaction with the page, so a page that is
 * only looked at never pays for it. A send never waits for it: until it has loaded there is no
 * hint, and an address sent meanwhile goes as typed (and is not questioned later). A field left
 * before it loads gets its hint once it has, if the field still holds that address; a chunk that
 * cannot load means no hint, nothing else.
 */
import { type RefObject, useEffect, useRef, useState } from "react";
import { fieldSignals } from "@/analytics/field-signals";
import { afterFirstInteraction } from "@/lib/after-first-interaction";
import { isValidEmail, normalizeEmail } from "@/waitlist/core/email-validation";

/** A hint on screen: the address as typed (normalised) and as it would be corrected. */
export type TypoHint = { typed: string; corrected: string };

/** The lazy part: the check, and what a hint shows and says. */
export type HintPart = typeof import("./typo-hint-part");

export function useTypoHint(field: RefObject<HTMLInputElement | null>) {
  const [hint, setHint] = useState<TypoHint | null>(null);
  /** The address whose hint was on screen as the visitor's latest press or key went down. */
  const seen = useRef<string | null>(null);
  /** The address the visitor sent as typed despite its hint: not questioned again. */
  const ignored = useRef<string | null>(null);
  /** The check and the hint's view, once their chunk has loaded; null until then (no hint). */
  const part = useRef<HintPart | null>(null);
  /** The address the field was last left with: if the check loads after, its hint shows then. */
  const left = useRef<string | null>(null);

  // The latest hintFor, for the effect below, which runs once the form first commits.
  const latestHintFor = useRef(hintFor);
  latestHintFor.current = hintFor;

  useEffect(() => {
    afterFirstInteraction()
      .then(() => import("./typo-hint-part"))
      .then(
        (module) => {
          part.current = module;
          const value = field.current?.value ?? "";
          // No hint can be on screen before the check: none goes uncounted.
          if (normalizeEmail(value) === left.current) setHint(latestHintFor.current(value));
        },
        // A chunk that cannot load (offline, a redeploy): no hint, and nothing else changes.
        () => undefined,
      );
  }, [field]);

  /**
   * Puts `next` in the place of the hint shown (the same one stays: an address has one correction);
   * the one that goes is counted.
   */
  function show(next: TypoHint | null, taken = false) {
    if (next?.typed === hint?.typed) return;
    if (__ANALYTICS_ON__ && hint) {
      fieldSignals.track({ name: "Typo Hint", props: { taken: taken ? "yes" : "no" } });
    }
    setHint(next);
  }

  /** The hint for `value`, or null: not a valid address, no slip, or sent as typed before. */
  function hintFor(value: string): TypoHint | null {
    const typed = normalizeEmail(value);
    if (!part.current || !isValidEmail(typed) || typed === ignored.current) return null;
    const corrected = part.current.correctedAddress(typed);
    return corrected ? { typed, corrected } : null;
  }

  return {
    hint,
    /** The loaded part, for the hint's line: there whenever a hint is. */
    part: part.current,
    /** The field, holding `value`, was left (or Tab is leaving it: the hint's button is next). */
    onLeave(value: string) {
      left.current = normalizeEmail(value);
      show(hintFor(value));
    },
    /** The field changed: a hint for another value goes. */
    onInput(value: string) {
      if (hint && normalizeEmail(value) !== hint.typed) show(null);
    },
    /** A press or a key went down in the form: what is on screen now is what the visitor saw. */
    onGesture() {
      seen.current = hint?.typed ?? null;
    },
    /** The hint's button: the corrected address in the field, focus back on it. */
    take() {
      const input = field.current;
      if (!hint || !input) return;
      input.value = hint.corrected;
      show(null, true);
      input.focus();
    },
    /**
     * Before `email` (valid) is sent from the form: true holds the send, its hint shown now, when
     * the visitor had not seen it as they sent; otherwise the hint goes, the address sent as typed.
     */
    holds(email: string): boolean {
      const next = hintFor(email);
      const holding = next !== null && seen.current !== email;
      if (!holding) ignored.current = email;
      show(holding ? next : null);
      return holding;
    },
  };
}
