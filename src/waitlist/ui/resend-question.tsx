/**
 * The one question about an address whose last request may have arrived (its page closed before the
 * answer): send it again, or leave it. The form, given such an address, asks it; the pending
 * signup's note shows it (docs/behaviour.md, "One address, many tabs"). One store a page, in the
 * page's state (page-state.tsx): the form is hydrated by a root of its own (form-island.tsx), the
 * note by the page's, and both are handed the same.
 */
import { useSyncExternalStore } from "react";

/** A question asked, each its own object: the same address asked twice is asked twice. */
export type ResendQuestion = { email: string };

export function createResendQuestions() {
  let asked: ResendQuestion | null = null;
  const listeners = new Set<() => void>();
  return {
    /** The question last asked, if any. */
    asked: (): ResendQuestion | null => asked,
    ask(email: string): void {
      asked = { email };
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ResendQuestions = ReturnType<typeof createResendQuestions>;

/** The question last asked of `questions`, as React state (none on the server). */
export function useAskedQuestion(questions: ResendQuestions): ResendQuestion | null {
  return useSyncExternalStore(questions.subscribe, questions.asked, () => null);
}
