import { StrictMode, useEffect, useRef } from "react";
import { hydrateRoot, type RootOptions } from "react-dom/client";
import { FORM_ISLAND_ATTRIBUTE, FORM_PARSED_ID } from "@/waitlist/hand-over/form-island";
import { type PageState, PageStateProvider, usePageState } from "./page-state";
import { WaitlistForm } from "./waitlist-form";

/** Inner HTML the page's root leaves to the form's own root: it never compares or updates it. */
const ISLAND_MARKUP = { __html: "" };

/** Hydrates the form in its host as a root of its own, its ids apart from the page's root's. */
export function hydrateFormIsland(host: HTMLElement, options: RootOptions, state: PageState): void {
  state.formRoot.current = hydrateRoot(
    host,
    <StrictMode>
      <PageStateProvider value={state}>
        <WaitlistForm fieldId={host.getAttribute(FORM_ISLAND_ATTRIBUTE) as string} />
      </PageStateProvider>
    </StrictMode>,
    { ...options, identifierPrefix: "form-" },
  );
}

/** The form's island (docs/performance.md, "Issue 49"): the form's root ends with its host. */
export function WaitlistFormIsland({ fieldId }: { fieldId: string }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const { formRoot } = usePageState();
  useEffect(() => {
    const host = hostRef.current;
    return () => {
      // Later: no root unmounts while React renders. StrictMode's rehearsal keeps the host.
      setTimeout(() => {
        if (host?.isConnected || !formRoot.current) return;
        formRoot.current.unmount();
        formRoot.current = undefined;
      });
    };
  }, [formRoot]);
  const host = { [FORM_ISLAND_ATTRIBUTE]: fieldId };
  if (import.meta.env.SSR) {
    return (
      <div {...host}>
        <WaitlistForm fieldId={fieldId} />
        <script type="text/plain" id={FORM_PARSED_ID} />
      </div>
    );
  }
  return (
    <div
      {...host}
      ref={hostRef}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty constant: the form's own root owns these children.
      dangerouslySetInnerHTML={ISLAND_MARKUP}
    />
  );
}
