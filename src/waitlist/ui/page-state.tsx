/**
 * What the page's two roots share: the form's own (form-island.tsx) and the page's (App). Made once
 * as the page starts (src/entry-client.tsx; for the prerender, src/entry-server.tsx) and handed to
 * both, never kept in a module: a reader finds it here, and a test makes its own.
 */
import { createContext, useContext } from "react";
import type { Root } from "react-dom/client";
import { type BrowserWaitlist, createBrowserWaitlist } from "@/waitlist/browser/browser-signup";
import { createResendQuestions, type ResendQuestions } from "./resend-question";

export type PageState = {
  /** The signup, its memory and the bot check as this page runs them, each made on first use. */
  waitlist: BrowserWaitlist;
  /** The one question about an address that may have arrived: the form asks it, the note shows it. */
  questions: ResendQuestions;
  /** The form's own root while its host is in the page: the page's root ends it with the host. */
  formRoot: { current?: Root };
};

export function createPageState(): PageState {
  return {
    waitlist: createBrowserWaitlist(),
    questions: createResendQuestions(),
    formRoot: {},
  };
}

const PageStateContext = createContext<PageState | null>(null);

/** Hands a root the page's state: `<PageStateProvider value={state}>`. */
export const PageStateProvider = PageStateContext;

/** The page's state, as handed to this root. */
export function usePageState(): PageState {
  return useContext(PageStateContext) as PageState;
}
