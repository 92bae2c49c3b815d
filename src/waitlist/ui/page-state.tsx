/**
 * What the page's two roots share: the form's own (form-island.tsx) and the page's (App). Made once
 * as the page starts (src/entry-client.tsx; for the prerender, src/entry-server.tsx) and handed to
 * both, never kept in a module: a reader finds it here, and a test makes its own.
 */
import { createContext, useContext } from "react";
import type { Root } from "react-dom/client";
import { fieldSignals } from "@/analytics/field-signals";
import { botCheckPart } from "@/waitlist/browser/bot-check";
import { type BrowserWaitlist, createBrowserWaitlist } from "@/waitlist/browser/browser-signup";
import { signalsPart } from "@/waitlist/browser/signup-signals";

export type PageState = {
  /** The waitlist as this page runs it, with the build's optional parts. */
  waitlist: BrowserWaitlist;
  /** The form's own root while its host is in the page: the page's root ends it with the host. */
  formRoot: { current?: Root };
};

/**
 * The page's state, with the build's optional parts: the one place they enter the waitlist, each
 * only in a build with its setting (a build-time constant, so a build without it carries none).
 */
export function createPageState(): PageState {
  const parts = [
    ...(__BOT_CHECK_ON__ ? [botCheckPart()] : []),
    ...(__ANALYTICS_ON__ ? [signalsPart(fieldSignals)] : []),
  ];
  return { waitlist: createBrowserWaitlist(parts), formRoot: {} };
}

const PageStateContext = createContext<PageState | null>(null);

/** Hands a root the page's state: `<PageStateProvider value={state}>`. */
export const PageStateProvider = PageStateContext;

/** The page's state, as handed to this root. */
export function usePageState(): PageState {
  return useContext(PageStateContext) as PageState;
}
