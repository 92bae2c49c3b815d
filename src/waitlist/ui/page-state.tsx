/** What the page's two roots share, made once at start-up and handed down (form-island.tsx). */
import { createContext, useContext } from "react";
import type { Root } from "react-dom/client";
import { fieldSignals } from "@/analytics/field-signals";
import { botCheckPart } from "@/waitlist/browser/bot-check";
import { type BrowserWaitlist, createBrowserWaitlist } from "@/waitlist/browser/browser-signup";
import { signalsPart } from "@/waitlist/browser/signup-signals";

export type PageState = {
  waitlist: BrowserWaitlist;
  /** The form's own root while its host is in the page: the page's root ends it with the host. */
  formRoot: { current?: Root };
};

/** The page's state: the build's optional parts enter the waitlist here, each behind its flag. */
export function createPageState(): PageState {
  const parts = [
    ...(__BOT_CHECK_ON__ ? [botCheckPart()] : []),
    ...(__ANALYTICS_ON__ ? [signalsPart(fieldSignals)] : []),
  ];
  return { waitlist: createBrowserWaitlist(parts), formRoot: {} };
}

export const PageStateProvider = createContext<PageState | null>(null);

export function usePageState(): PageState {
  return useContext(PageStateProvider) as PageState;
}
