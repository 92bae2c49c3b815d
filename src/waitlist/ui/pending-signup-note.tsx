/** The pending note's frame, on every page (docs/behaviour.md, "Lazy parts and deploys"). */
import { lazy, Suspense, useEffect, useState } from "react";
import { LazyPartBoundary } from "@/components/lazy-part-boundary";
import { nextInteraction } from "@/lib/after-first-interaction";
import { retryingImport, untilLoaded } from "@/lib/retrying-import";
import { whenIdle } from "@/lib/when-idle";
import { usePageState } from "./page-state";
import type { NoteView } from "./pending-note";

/** The first look's longest wait for idle: the note is up before a visitor may submit again. */
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
  const [found, setFound] = useState<string>();
  const [view, setView] = useState<NoteView | null>(null);
  const { waitlist } = usePageState();

  useEffect(() => {
    // At idle: a first read of records waits on the browser (docs/behaviour.md, "Quality bars").
    whenIdle(async () => {
      const records = await waitlist.pending();
      setFound(records.find((record) => record.state === "sending")?.email);
    }, LOOK_WITHIN_MS);
  }, [waitlist]);

  return (
    // Phones: sticky, in its own place at the page's end; from sm on, bottom left, clear of toasts.
    <div className="pointer-events-none sticky bottom-0 z-90 sm:fixed sm:bottom-0 sm:left-0 sm:w-96">
      {/* Named only while it holds a note; its live region says the words, not the buttons. */}
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
