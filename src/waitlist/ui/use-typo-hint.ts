/**
 * The typo hint of the form's field (docs/behaviour.md, "Typo hint"): when the field is left, or on
 * a send before it was, an address whose domain looks like a slip gets the address as it would be
 * corrected, which the visitor may take or ignore. Never a block: a send holds only for a hint the
 * visitor has not seen yet, and an address sent as typed is not questioned again on this page.
 * The form's hook (use-waitlist-signup.ts) owns it; with the field signals on, each hint that goes
 * (taken, sent as typed, or replaced as the field changes) is one "Typo Hint" event saying whether
 * it was taken, never what was typed.
 */
import { type RefObject, useRef, useState } from "react";
import { fieldSignals } from "@/analytics/field-signals";
import { isValidEmail, normalizeEmail } from "@/waitlist/core/email-validation";
import { correctedAddress } from "@/waitlist/core/typo-hint";

/** A hint on screen: the address as typed (normalised) and as it would be corrected. */
export type TypoHint = { typed: string; corrected: string };

export function useTypoHint(field: RefObject<HTMLInputElement | null>) {
  const [hint, setHint] = useState<TypoHint | null>(null);
  /** The address whose hint was on screen as the visitor's latest press or key went down. */
  const seen = useRef<string | null>(null);
  /** The address the visitor sent as typed despite its hint: not questioned again. */
  const ignored = useRef<string | null>(null);

  /** Puts `next` in the place of the hint shown (the same one stays); the one that goes is counted. */
  function show(next: TypoHint | null, taken = false) {
    if (next?.typed === hint?.typed && next?.corrected === hint?.corrected) return;
    if (__ANALYTICS_ON__ && hint) {
      fieldSignals.track({ name: "Typo Hint", props: { taken: taken ? "yes" : "no" } });
    }
    setHint(next);
  }

  /** The hint for `value`, or null: not a valid address, no slip, or sent as typed before. */
  function hintFor(value: string): TypoHint | null {
    const typed = normalizeEmail(value);
    if (!isValidEmail(typed) || typed === ignored.current) return null;
    const corrected = correctedAddress(typed);
    return corrected ? { typed, corrected } : null;
  }

  return {
    hint,
    /** The field was left (or Tab is leaving it: the hint's button is then the next stop). */
    onLeave() {
      show(hintFor(field.current?.value ?? ""));
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
      if (next && !holding) ignored.current = email;
      show(holding ? next : null);
      return holding;
    },
  };
}
