/**
 * The pending note's frame (docs/behaviour.md, "Launch day"): on every page, where the note that
 * finishes a signup an earlier page left being sent shows. The note itself, its states, sends and
 * words, is a chunk of its own (pending-note.tsx), loaded only when there is one, found at idle.
 * The frame and its live region are on the page from the start, so the note's words are said as
 * they come.
 *
 * A chunk that cannot load (offline, a redeploy) is tried again at the visitor's next interaction
 * or when the browser is back online; meanwhile no note shows, and the signup stays kept in the
 * browser, sent once the note loads here or by the next page.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { LazyPartBoundary } from "@/components/lazy-part-boundary";
import { nextInteraction } from "@/lib/after-first-interaction";
import { retryingImport, untilLoaded } from "@/lib/retrying-import";
import { whenIdle } from "@/lib/when-idle";
import { usePageState } from "./page-state";
import type { NoteView } from "./pending-note";

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
  /** The signup an earlier page left being sent, found at idle (one at a time), or undefined. */
  const [found, setFound] = useState<string>();
  const [view, setView] = useState<NoteView | null>(null);
  const { waitlist } = usePageState();

  useEffect(() => {
    // At idle: a page's first read of its records waits on the browser, so it stays out of the
    // way of the page's start (docs/behaviour.md, "Quality bars").
    whenIdle(
      () =>
        void waitlist
          .pending()
          .then((records) => setFound(records.find((record) => record.state === "sending")?.email)),
      LOOK_WITHIN_MS,
    );
  }, [waitlist]);

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
      {found && (
        <LazyPartBoundary fallback={null}>
          <Suspense fallback={null}>
            <PendingNote found={found} show={setView} />
          </Suspense>
        </LazyPartBoundary>
      )}
    </div>
  );
}
