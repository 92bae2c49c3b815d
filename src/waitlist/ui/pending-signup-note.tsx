import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { whenIdle } from "@/lib/when-idle";
import type { BrowserWaitlist } from "@/waitlist/browser/browser-signup";
import { botCheckTexts, waitlist } from "@/waitlist/texts";
import { usePageState } from "./page-state";
import { useAskedQuestion } from "./resend-question";
import { useSignupEndings } from "./use-signup-endings";

/**
 * The longest the first look for a pending signup waits for the page to be idle: the note is up
 * within a second of the page becoming interactive, before a visitor is likely to submit again.
 */
const LOOK_WITHIN_MS = 500;

/**
 * "pending": with the bot check on, a pending signup waits for the visitor's word before anything
 * is asked of Google. `submitted`: the question was asked because this tab's visitor submitted the
 * address.
 */
type Note = {
  email: string;
  state: "pending" | "sending" | "unknown" | "failed";
  submitted?: boolean;
};

/**
 * A note still "pending" (the bot check on) ends once its address is no longer waiting to be sent:
 * the visitor sent it from the form instead (the page moves to /success), or it failed there.
 */
function usePendingNoteEnds(signup: BrowserWaitlist["signup"], note: Note | null, end: () => void) {
  const [location] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: looked at again as the page moves on.
  useEffect(() => {
    if (note?.state !== "pending") return;
    if (!signup().pending().includes(note.email)) end();
  }, [location, note]);
}

/** What the note says in `state`, `{email}` standing for the address. */
function noteText(state: Note["state"]): string {
  if (state !== "pending") return waitlist.pending[state];
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
 * Finishes, on any page, the pending signup an earlier page left being sent (docs/behaviour.md,
 * "Launch day"): a visible note names the address and offers to cancel; once delivered, the usual
 * toast and /success. With the bot check on, the note first asks the visitor to send it (nothing
 * reaches Google without the visitor's intent on this page). Where the earlier page closed with its
 * request unanswered, the visitor chooses, here too when the form is given that address
 * (resend-question.tsx).
 */
export function PendingSignupNote() {
  const [note, setNote] = useState<Note | null>(null);
  const cancelled = useRef<AbortController | null>(null);
  const endings = useSignupEndings();
  const state = usePageState();
  const asked = useAskedQuestion(state.questions);

  async function finish(email: string, run: "sendPending" | "resend") {
    const stop = new AbortController();
    cancelled.current = stop;
    try {
      // Shown once this tab takes it on: while another tab still sends it, there is nothing to say.
      const outcome = await state.waitlist.signup()[run](email, {
        signal: stop.signal,
        onTakeOver: () => setNote({ email, state: "sending" }),
      });
      if (outcome === "unknown") return setNote({ email, state: "unknown" });
      setNote(null);
      if (outcome === "sent") await endings.delivered();
    } catch (sendError) {
      setNote({ email, state: "failed" });
      endings.failed(sendError);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the app starts.
  useEffect(() => {
    // At idle: a page's first read of site storage waits on the browser, so it stays out of the
    // way of the page's start (docs/behaviour.md, "Quality bars").
    whenIdle(() => {
      const [email] = state.waitlist.signup().pending();
      if (!email) return;
      if (__BOT_CHECK_ON__) setNote({ email, state: "pending" });
      else void finish(email, "sendPending");
    }, LOOK_WITHIN_MS);
  }, []);

  // A build-time constant: every render of a build calls it, or none does.
  // biome-ignore lint/correctness/useHookAtTopLevel: the condition never changes within a build.
  if (__BOT_CHECK_ON__) usePendingNoteEnds(state.waitlist.signup, note, () => setNote(null));

  // The form was given an address that may have arrived: the visitor chooses here.
  useEffect(() => {
    if (asked) setNote({ email: asked.email, state: "unknown", submitted: true });
  }, [asked]);

  // A question another page answers: it sent the address, maybe just before this tab asked. The
  // visitor who submitted it here ends as a submit of a sent address does, on /success.
  // biome-ignore lint/correctness/useExhaustiveDependencies: endings only navigates; the note decides.
  useEffect(() => {
    if (note?.state !== "unknown") return;
    const { email, submitted } = note;
    return state.waitlist.onceSent(email, () => {
      setNote(null);
      if (submitted) void endings.delivered();
    });
  }, [note]);

  function dismiss() {
    if (!note) return;
    cancelled.current?.abort();
    if (note.state !== "failed") state.waitlist.signup().cancel(note.email);
    setNote(null);
  }

  const texts = waitlist.pending;
  return (
    // On phones it sticks to the bottom but keeps its own place at the end of the page, so nothing
    // it covers is out of reach; from sm up it floats at the bottom left, clear of the toasts.
    <div className="pointer-events-none sticky bottom-0 z-90 sm:fixed sm:bottom-0 sm:left-0 sm:w-96">
      {/* A region named only while it holds a note; its live region is there from the start and
          says the note's words alone, not its buttons' labels run into them. */}
      <section
        aria-label={note ? texts.label : undefined}
        className={
          note
            ? "pointer-events-auto m-4 rounded-xl border border-line bg-surface-raised p-4 shadow-deep"
            : undefined
        }
      >
        <div role="status">
          {note && <NoteText text={noteText(note.state)} email={note.email} />}
        </div>
        {note && (
          <div className="mt-3 flex flex-wrap gap-2">
            {__BOT_CHECK_ON__ && note.state === "pending" && (
              <Button size="sm" onClick={() => void finish(note.email, "sendPending")}>
                {botCheckTexts.send}
              </Button>
            )}
            {note.state === "unknown" && (
              <Button size="sm" onClick={() => void finish(note.email, "resend")}>
                {texts.resend}
              </Button>
            )}
            <Button size="sm" variant="secondary" onClick={dismiss}>
              {note.state === "sending" || note.state === "pending" ? texts.cancel : texts.dismiss}
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}
