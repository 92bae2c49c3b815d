/** The field's typo hint (docs/behaviour.md, "Typo hint"; its event: docs/analytics.md). */
import { type RefObject, useEffect, useRef, useState } from "react";
import { fieldSignals } from "@/analytics/field-signals";
import { afterFirstInteraction } from "@/lib/after-first-interaction";
import { isValidEmail, normalizeEmail } from "@/waitlist/core/email-validation";

/** A hint on screen: the address as typed (normalised) and as it would be corrected. */
export type TypoHint = { typed: string; corrected: string };

export type HintPart = typeof import("./typo-hint-part");

function hintFor(part: HintPart | null, ignored: string | null, value: string): TypoHint | null {
  const typed = normalizeEmail(value);
  if (!part || !isValidEmail(typed) || typed === ignored) return null;
  const corrected = part.correctedAddress(typed);
  return corrected ? { typed, corrected } : null;
}

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

  useEffect(() => {
    afterFirstInteraction()
      .then(() => import("./typo-hint-part"))
      .then(
        (module) => {
          part.current = module;
          const value = field.current?.value ?? "";
          // No hint can be on screen before the check: none goes uncounted.
          if (normalizeEmail(value) === left.current)
            setHint(hintFor(module, ignored.current, value));
        },
        () => undefined,
      );
  }, [field]);

  /** Puts `next` in the hint's place (the same one stays) and counts the one that goes. */
  function show(next: TypoHint | null, taken = false) {
    if (next?.typed === hint?.typed) return;
    if (__ANALYTICS_ON__ && hint) {
      fieldSignals.track({ name: "Typo Hint", props: { taken: taken ? "yes" : "no" } });
    }
    setHint(next);
  }

  return {
    hint,
    /** The loaded part, for the hint's line: there whenever a hint is. */
    part: part.current,
    /** The field, holding `value`, was left (or Tab is leaving it: the hint's button is next). */
    onLeave(value: string) {
      left.current = normalizeEmail(value);
      show(hintFor(part.current, ignored.current, value));
    },
    onInput(value: string) {
      if (hint && normalizeEmail(value) !== hint.typed) show(null);
    },
    /** A press or a key went down in the form: what is on screen now is what the visitor saw. */
    onGesture() {
      seen.current = hint?.typed ?? null;
    },
    take() {
      const input = field.current;
      if (!hint || !input) return;
      input.value = hint.corrected;
      show(null, true);
      input.focus();
    },
    /** Before `email` (valid) is sent: true holds the send for a hint the visitor had not seen. */
    holds(email: string): boolean {
      const next = hintFor(part.current, ignored.current, email);
      const holding = next !== null && seen.current !== email;
      if (!holding) ignored.current = email;
      show(holding ? next : null);
      return holding;
    },
  };
}
