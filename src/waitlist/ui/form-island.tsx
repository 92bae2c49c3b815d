import { StrictMode, useEffect, useRef } from "react";
import { hydrateRoot, type RootOptions } from "react-dom/client";
import { FORM_ISLAND_ATTRIBUTE, FORM_PARSED_ID } from "@/waitlist/hand-over/form-island";
import { type PageState, PageStateProvider, usePageState } from "./page-state";
import { WaitlistForm } from "./waitlist-form";

/** Inner HTML the page's root leaves to the form's own root: it never compares or updates it. */
const ISLAND_MARKUP = { __html: "" };

/**
 * Hydrates the form inside its host (the element WaitlistFormIsland serves) as a root of its own,
 * with its own ids (the page's root and the form's never give one id twice), handed the page's
 * `state`, which keeps the root (`formRoot`) while its host is in the page.
 */
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

/**
 * The waitlist form as its own island (src/waitlist/hand-over/form-island.ts): the server writes
 * the form into a host element, with the data block that tells the loader it is parsed; in the
 * browser the page's root adopts the host as served, as it adopts StaticContent, and the form's own
 * root (hydrateFormIsland, from entry-client.tsx) hydrates the form inside it, before the rest of
 * the page. When the page's root takes the host away (the move to /success), the form's root ends
 * with it, so nothing of the form (its timers, its listeners) outlives the page it was on.
 */
export function WaitlistFormIsland({ fieldId }: { fieldId: string }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const { formRoot } = usePageState();
  useEffect(() => {
    const host = hostRef.current;
    return () => {
      // After this commit: a root cannot be unmounted while React renders another. StrictMode's
      // rehearsal of an unmount leaves the host in the page, and the root with it.
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
        {/* A data block: it never runs, it only marks the end of the form's markup for the loader. */}
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
