import { Button } from "@/components/ui/button";
import { waitlist } from "@/waitlist/texts";
import type { TypoHint } from "./use-typo-hint";

const fill = (text: string, email: string) => text.replace("{email}", email);

/**
 * The typo hint's line under the field (docs/behaviour.md, "Typo hint"): "Did you mean …?" with the
 * corrected address as a button that takes it. Its place is kept whether or not a hint shows, so
 * nothing below moves: on a phone a line between the field and the button, from `sm` on the line
 * below the field that the form's message area keeps free. One line at any width: a long address
 * loses its start, never its domain. Said once, politely, by a live region of its own (the form's
 * keeps its messages).
 */
export function TypoHintLine({ hint, onTake }: { hint: TypoHint | null; onTake: () => void }) {
  const [before = "", after = ""] = waitlist.typoHint.question.split("{email}");
  return (
    <div className="flex h-7 items-center text-sm text-ink-muted contain-inline-size sm:absolute sm:inset-x-0 sm:top-full">
      <span aria-live="polite" className="sr-only">
        {hint ? fill(waitlist.typoHint.question, hint.corrected) : ""}
      </span>
      {hint && (
        <>
          <span aria-hidden="true" className="mr-1 shrink-0">
            {before.trim()}
          </span>
          <span className="flex min-w-0">
            <Button
              variant="link"
              className="h-6 max-w-full"
              aria-label={fill(waitlist.typoHint.take, hint.corrected)}
              onClick={onTake}
            >
              {/* Cut at its start when too long: right to left, the address kept left to right. */}
              <span className="min-w-0 truncate [direction:rtl]">{`\u200e${hint.corrected}\u200e`}</span>
            </Button>
          </span>
          <span aria-hidden="true">{after}</span>
        </>
      )}
    </div>
  );
}
