/** The pending note (docs/behaviour.md, "Launch day"), loaded by its frame, pending-signup-note. */
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { pendingNote } from "@/waitlist/pending-note-texts";
import { botCheckTexts } from "@/waitlist/texts";
import { usePageState } from "./page-state";
import { useSignupEndings } from "./use-signup-endings";

/** What the note's frame shows: its region's name, its words (said) and its buttons. */
export type NoteView = { label: string; words: ReactNode; actions: ReactNode };

/** "pending": with the bot check on, waiting for the visitor's word before Google is asked. */
type Note = { email: string; state: "pending" | "sending" | "failed" };
type NoteProps = { found: string; show: (view: NoteView | null) => void };

function NoteText({ note: { email, state } }: { note: Note }) {
  const pending = __BOT_CHECK_ON__ ? botCheckTexts.pending : "";
  const [before, after] = (state === "pending" ? pending : pendingNote[state]).split("{email}");
  return (
    <p className="text-sm text-ink">
      {before}
      <strong className="font-semibold break-all">{email}</strong>
      {after}
    </p>
  );
}

/** Finishes the signup an earlier page left being sent (`found`); `show` gets the frame's view. */
export function PendingNote({ found, show }: NoteProps) {
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

  // A note still asking goes once its address is no longer left: the form sent it instead.
  useEffect(() => {
    if (note?.state !== "pending" || !location) return;
    void waitlist.pending().then((records) => {
      if (!records.some((r) => r.state === "sending" && r.email === note.email)) setNote(null);
    });
  }, [location, note, waitlist]);

  // Before the browser paints: the frame shows the note in the same frame as it changes.
  useLayoutEffect(() => {
    show(
      note && {
        label: pendingNote.label,
        words: <NoteText note={note} />,
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
