/**
 * The pending note (docs/behaviour.md, "Launch day"): a chunk of its own, which the note's frame
 * (pending-signup-note.tsx) loads only when an earlier page left a signup being sent, and which
 * hands the frame what to show (`NoteView`): the frame, its live region among it, is on the page
 * from the start, so the note's words are said as they come.
 */
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { pendingNote } from "@/waitlist/pending-note-texts";
import { botCheckTexts } from "@/waitlist/texts";
import { usePageState } from "./page-state";
import { useSignupEndings } from "./use-signup-endings";

/** What the note's frame shows: its region's name, its words (said) and its buttons. */
export type NoteView = { label: string; words: ReactNode; actions: ReactNode };

/**
 * "pending": with the bot check on, the signup waits for the visitor's word before anything is
 * asked of Google; "sending": this tab is finishing it; "failed": it could not be sent.
 */
type Note = { email: string; state: "pending" | "sending" | "failed" };

/** What the note says in `state`, `{email}` standing for the address. */
function noteText(state: Note["state"]): string {
  if (state !== "pending") return pendingNote[state];
  return __BOT_CHECK_ON__ ? botCheckTexts.pending : "";
}

/** The note's text with the address in place of `{email}`, the address set apart. */
function NoteText({ text, email }: { text: string; email: string }) {
  const [before, after] = text.split("{email}");
  return (
    <p className="text-sm text-ink">
      {before}
      <strong className="font-semibold break-all">{email}</strong>
      {after}
    </p>
  );
}

/**
 * Finishes, on any page, the signup an earlier page left being sent (`found`): the note names the
 * address and offers to cancel; once delivered, the usual toast and /success. With the bot check
 * on, the note first asks the visitor to send it (nothing reaches Google without their intent on
 * this page). Renders nothing itself: `show` gets what the frame shows, or null.
 */
export function PendingNote({
  found,
  show,
}: {
  found: string;
  show: (view: NoteView | null) => void;
}) {
  const [note, setNote] = useState<Note | null>(null);
  const stop = useRef<AbortController | null>(null);
  const endings = useSignupEndings();
  const { waitlist } = usePageState();
  const [location] = useLocation();

  async function finish(email: string) {
    stop.current = new AbortController();
    // Shown once this tab takes it on: while another tab still sends it, there is nothing to say.
    const ending = await waitlist.deliver(email, "resumed", {
      signal: stop.current.signal,
      onEvent: (event) => event.type === "taken-over" && setNote({ email, state: "sending" }),
    });
    if (ending.outcome === "failed") {
      setNote({ email, state: "failed" });
      return endings.failed(ending.error);
    }
    setNote(null);
    if (ending.outcome === "sent") await endings.delivered();
  }

  function dismiss(current: Note) {
    stop.current?.abort();
    if (current.state !== "failed") void waitlist.cancel(current.email);
    setNote(null);
  }

  // The latest handlers, for the effects below, which follow the note alone.
  const latest = useRef({ finish, dismiss });
  latest.current = { finish, dismiss };

  useEffect(() => {
    if (__BOT_CHECK_ON__) setNote({ email: found, state: "pending" });
    else void latest.current.finish(found);
  }, [found]);

  // A note still asking (the bot check on) goes once its address is no longer left being sent:
  // the visitor sent it from the form instead.
  useEffect(() => {
    if (note?.state !== "pending" || !location) return;
    void waitlist.pending().then((records) => {
      const left = records.some(
        (record) => record.state === "sending" && record.email === note.email,
      );
      if (!left) setNote(null);
    });
  }, [location, note, waitlist]);

  // Before the browser paints: the frame shows the note in the same frame as it changes.
  useLayoutEffect(() => {
    show(
      note && {
        label: pendingNote.label,
        words: <NoteText text={noteText(note.state)} email={note.email} />,
        actions: (
          <div className="mt-3 flex flex-wrap gap-2">
            {__BOT_CHECK_ON__ && note.state === "pending" && (
              <Button size="sm" onClick={() => void latest.current.finish(note.email)}>
                {botCheckTexts.send}
              </Button>
            )}
            <Button size="sm" variant="secondary" onClick={() => latest.current.dismiss(note)}>
              {note.state === "failed" ? pendingNote.dismiss : pendingNote.cancel}
            </Button>
          </div>
        ),
      },
    );
  }, [note, show]);

  return null;
}
