/**
 * The pending note's words (docs/behaviour.md, "Launch day"; src/waitlist/ui/pending-note.tsx),
 * apart from texts.ts: they load with the note's chunk, so a page with no pending signup carries
 * none of them. `{email}` stands for the address.
 */
export type PendingNoteContent = {
  /** The note's region, named while it holds a note. */
  label: string;
  sending: string;
  failed: string;
  cancel: string;
  dismiss: string;
};

export const pendingNote = {
  label: "Your waitlist signup",
  sending: "We're finishing your waitlist signup for {email}.",
  failed: "We couldn't send your signup for {email} yet. Please try again from the waitlist form.",
  cancel: "Cancel",
  dismiss: "Dismiss",
} satisfies PendingNoteContent;
