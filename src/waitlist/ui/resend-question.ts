/**
 * The one question about an address whose last request may have arrived (its page closed before the
 * answer): send it again, or leave it. The pending-signup note asks it; the form, given such an
 * address, has the note ask it instead of sending (docs/behaviour.md, "One address, many tabs").
 */
type Asker = (email: string) => void;

let asker: Asker | undefined;

/** Has the note ask about `email`. */
export function askWhetherToResend(email: string): void {
  asker?.(email);
}

/** The note asks from now on; the returned function stops it. */
export function askResendQuestionsWith(ask: Asker): () => void {
  asker = ask;
  return () => {
    if (asker === ask) asker = undefined;
  };
}
