/**
 * The pending note's frame (docs/behaviour.md, "Launch day"): on every page, where the note that
 * finishes a signup an earlier page left (or asks the question about one) shows. The note itself,
 * its states, sends and words, is a chunk of its own (pending-note.tsx), loaded only when there
 * is one: a pending signup found at idle, or a question the form asks; it is fetched at the
 * visitor's first interaction too, so a question is never left waiting for it. The frame and its live
 * region are on the page from the start, so the note's words are said as they come.
 *
 * A chunk that cannot load (offline, a redeploy) is tried again at the visitor's next interaction
 * or when the browser is back online; meanwhile no note shows, and the pending signup stays kept
 * in the browser, sent once the note loads here or by the next page.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { LazyPartBoundary } from "@/components/lazy-part-boundary";
import { afterFirstInteraction, nextInteraction } from "@/lib/after-first-interaction";
import { retryingImport, untilLoaded } from "@/lib/retrying-import";
import { whenIdle } from "@/lib/when-idle";
import { usePageState } from "./page-state";
import type { NoteView } from "./pending-note";
import { useAskedQuestion } from "./resend-question";

/**
 * The longest the first look for a pending signup waits for the page to be idle: the note is up
 * within a second of the page becoming interactive, before a visitor is likely to submit again.
 */
const LOOK_WITHIN_MS = 500;

const loadNote = retryingImport(() => import("./pending-note"));

/** The visitor's next interaction, or the browser back online: a failed load is tried again then. */
const nextChance = () =>
  Promise.race([
    nextInteraction(),
    new Promise<void>((online) =>
      window.addEventListener("online", () => online(), { once: true }),
    ),
  ]);

const PendingNote = lazy(() =>
  untilLoaded(loadNote, nextChance).then((module) => ({ default: module.PendingNote })),
);

export function PendingSignupNote() {
  /** The pending signup found at idle (one at a time), or undefined. */
  const [found, setFound] = useState<string>();
  const [view, setView] = useState<NoteView | null>(null);
  const state = usePageState();
  const asked = useAskedQuestion(state.questions);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the page starts.
  useEffect(() => {
    // At idle: a page's first read of site storage waits on the browser, so it stays out of the
    // way of the page's start (docs/behaviour.md, "Quality bars").
    whenIdle(() => setFound(state.waitlist.signup().pending()[0]), LOOK_WITHIN_MS);
    // Fetched at the visitor's first interaction too, before any submit: a question the form asks
    // after a send that lost its answer (often a network that went away) finds the note loaded.
    void afterFirstInteraction()
      .then(loadNote)
      .catch(() => undefined);
  }, []);

  return (
    // On phones it sticks to the bottom but keeps its own place at the end of the page, so nothing
    // it covers is out of reach; from sm up it floats at the bottom left, clear of the toasts.
    <div className="pointer-events-none sticky bottom-0 z-90 sm:fixed sm:bottom-0 sm:left-0 sm:w-96">
      {/* A region named only while it holds a note; its live region is there from the start and
          says the note's words alone, not its buttons' labels run into them. */}
      <section
        aria-label={view?.label}
        className={
          view
            ? "pointer-events-auto m-4 rounded-xl border border-line bg-surface-raised p-4 shadow-deep"
            : undefined
        }
      >
        <div role="status">{view?.words}</div>
        {view?.actions}
      </section>
      {(found || asked) && (
        <LazyPartBoundary fallback={null}>
          <Suspense fallback={null}>
            <PendingNote found={found} show={setView} />
          </Suspense>
        </LazyPartBoundary>
      )}
    </div>
  );
}
