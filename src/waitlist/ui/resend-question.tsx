/**
 * The one question about an address whose last request may have arrived (its page closed before the
 * answer): send it again, or leave it. The form, given such an address, asks it; the pending
 * signup's note shows it (docs/behaviour.md, "One address, many tabs"). Module state, not React
 * context: the form is hydrated by a root of its own (form-island.tsx), the note by the page's.
 */
import { useSyncExternalStore } from "react";

/** A question asked, each its own object: the same address asked twice is asked twice. */
export type ResendQuestion = { email: string };

type Questions = { asked: ResendQuestion | null; ask(email: string): void };

let asked: ResendQuestion | null = null;
const listeners = new Set<() => void>();

function ask(email: string): void {
  asked = { email };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The question last asked, and how to ask it. */
export function useResendQuestions(): Questions {
  return {
    asked: useSyncExternalStore(
      subscribe,
      () => asked,
      () => null,
    ),
    ask,
  };
}
