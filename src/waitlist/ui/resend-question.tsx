/**
 * The one question about an address whose last request may have arrived (its page closed before the
 * answer): send it again, or leave it. The form, given such an address, asks it; the pending
 * signup's note shows it (docs/behaviour.md, "One address, many tabs"). React state the app holds
 * above both, so the two meet without a module of their own in between.
 */
import { createContext, type ReactNode, useContext, useMemo, useState } from "react";

/** A question asked, each its own object: the same address asked twice is asked twice. */
export type ResendQuestion = { email: string };

type Questions = { asked: ResendQuestion | null; ask(email: string): void };

const QuestionsContext = createContext<Questions>({ asked: null, ask: () => {} });

/** Holds the question for the form and the note below it. */
export function ResendQuestions({ children }: { children: ReactNode }) {
  const [asked, setAsked] = useState<ResendQuestion | null>(null);
  const questions = useMemo(
    () => ({ asked, ask: (email: string) => setAsked({ email }) }),
    [asked],
  );
  return <QuestionsContext.Provider value={questions}>{children}</QuestionsContext.Provider>;
}

/** The question last asked, and how to ask it. */
export const useResendQuestions = (): Questions => useContext(QuestionsContext);
