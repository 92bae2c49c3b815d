/**
 * The pending note's words (docs/behaviour.md, "Launch day"; src/waitlist/ui/pending-note.tsx),
 * apart from texts.ts: they load with the note's chunk, so a page with no pending signup and no
 * question to ask carries none of them. `{email}` stands for the address.
 */
export type PendingNoteContent = {
  /** The note's region, named while it holds a note. */
  label: string;
  sending: string;
  unknown: string;
  failed: string;
  cancel: string;
  resend: string;
  dismiss: string;
};

export const pendingNote = {
  label: "Your waitlist signup",
  sending: "We're finishing your waitlist signup for {email}.",
  unknown:
    "Your signup for {email} was still being sent when the page closed, so we can't tell whether it arrived. If a confirmation email from us reached you, you're on the list.",
  failed: "We couldn't send your signup for {email} yet. Please try again from the waitlist form.",
  cancel: "Cancel",
  resend: "Send it again",
  dismiss: "Dismiss",
} satisfies PendingNoteContent;
