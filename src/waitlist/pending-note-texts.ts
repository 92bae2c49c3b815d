/** The pending note's words, apart from texts.ts: they load with the note's chunk. */
export const pendingNote = {
  /** The note's region, named while it holds a note. */
  label: "Your waitlist signup",
  sending: "We're finishing your waitlist signup for {email}.",
  failed: "We couldn't send your signup for {email} yet. Please try again from the waitlist form.",
  cancel: "Cancel",
  dismiss: "Dismiss",
};
