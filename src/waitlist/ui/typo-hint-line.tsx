import type { HintPart, TypoHint } from "./use-typo-hint";

type LineProps = { hint: TypoHint | null; part: HintPart | null; onTake: () => void };

/** The typo hint's line (docs/behaviour.md, "Typo hint"); its words and button: the lazy part. */
export function TypoHintLine({ hint, part, onTake }: LineProps) {
  const shown = hint && part;
  // [contain:inline-size], not Tailwind's utility: it adds custom properties (docs/deploying.md).
  return (
    <div className="flex h-7 items-center text-sm text-ink-muted [contain:inline-size] sm:absolute sm:inset-x-0 sm:top-full">
      <span aria-live="polite" className="sr-only">
        {shown ? part.hintSaid(hint) : ""}
      </span>
      {shown && <part.HintShown hint={hint} onTake={onTake} />}
    </div>
  );
}
