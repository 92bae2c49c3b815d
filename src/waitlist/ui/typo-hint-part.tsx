/**
 * The typo hint's lazy part (docs/behaviour.md, "Typo hint"): the check and what a hint shows and
 * says, one chunk loaded after the visitor's first interaction (use-typo-hint.ts). A hint exists
 * only once the check has run, so its words and button are never needed before this has loaded;
 * the line that keeps their place, with its live region, is on the page from the start
 * (typo-hint-line.tsx).
 */
import { Button } from "@/components/ui/button";
import { typoHint } from "@/content/typo-hint";
import { correctedAddress as check } from "@/waitlist/core/typo-hint";

/** The check: the address as it would be corrected, or null (src/waitlist/core/typo-hint.ts). */
export const correctedAddress = check;

const fill = (text: string, email: string) => text.replace("{email}", email);

/** A hint, as far as its view reads it (use-typo-hint.ts's `TypoHint`). */
type Hint = { corrected: string };

/** What the line's live region says of `hint`. */
export const hintSaid = (hint: Hint) => fill(typoHint.question, hint.corrected);

/**
 * "Did you mean …?" with the corrected address as a button that takes it. One line at any width: a
 * long address loses its start, never its domain.
 */
export function HintShown({ hint, onTake }: { hint: Hint; onTake: () => void }) {
  const [before = "", after = ""] = typoHint.question.split("{email}");
  return (
    <>
      <span aria-hidden="true" className="mr-1 shrink-0">
        {before.trim()}
      </span>
      <span className="flex min-w-0">
        <Button
          variant="link"
          className="h-6 max-w-full"
          aria-label={fill(typoHint.take, hint.corrected)}
          onClick={onTake}
        >
          {/* Cut at its start when too long: right to left, the address kept left to right. */}
          <span className="min-w-0 truncate [direction:rtl]">{`\u200e${hint.corrected}\u200e`}</span>
        </Button>
      </span>
      <span aria-hidden="true">{after}</span>
    </>
  );
}
