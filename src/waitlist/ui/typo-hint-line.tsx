import type { HintPart, TypoHint } from "./use-typo-hint";

/**
 * The typo hint's line under the field (docs/behaviour.md, "Typo hint"): its words and button come
 * with the check (typo-hint-part.tsx), which a hint needs. Its place is kept whether or not a hint
 * shows, so nothing below moves: on a phone a line between the field and the button, from `sm` on
 * the line below the field that the form's message area keeps free. Said once, politely, by a live
 * region of its own (the form's keeps its messages).
 */
export function TypoHintLine({
  hint,
  part,
  onTake,
}: {
  hint: TypoHint | null;
  part: HintPart | null;
  onTake: () => void;
}) {
  const shown = hint && part;
  // [contain:inline-size], not Tailwind's contain-inline-size: that one registers four custom
  // properties, which the page's first round trip pays for (docs/deploying.md).
  return (
    <div className="flex h-7 items-center text-sm text-ink-muted [contain:inline-size] sm:absolute sm:inset-x-0 sm:top-full">
      <span aria-live="polite" className="sr-only">
        {shown ? part.hintSaid(hint) : ""}
      </span>
      {shown && <part.HintShown hint={hint} onTake={onTake} />}
    </div>
  );
}
