/** The typo hint's lazy part (docs/behaviour.md, "Typo hint"): the check, the words, the button. */
import { Button } from "@/components/ui/button";
import { typoHint } from "@/content/typo-hint";
import { correctedAddress as check } from "@/waitlist/core/typo-hint";

/** The check: the address as it would be corrected, or null (src/waitlist/core/typo-hint.ts). */
export const correctedAddress = check;

/** `text` with `email` for `{email}`: by a function, so a `$` in it is never read as a pattern. */
const fill = (text: string, email: string) => text.replace("{email}", () => email);

type Hint = { corrected: string };

export const hintSaid = (hint: Hint) => fill(typoHint.question, hint.corrected);

/** "Did you mean …?", the address a button that takes it: one line, a long one losing its start. */
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
