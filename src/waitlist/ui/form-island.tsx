import { FORM_ISLAND_ATTRIBUTE, FORM_PARSED_ID } from "@/waitlist/hand-over/form-island";
import { WaitlistForm } from "./waitlist-form";

/** Inner HTML the page's root leaves to the form's own root: it never compares or updates it. */
const ISLAND_MARKUP = { __html: "" };

/**
 * The waitlist form as its own island (src/waitlist/hand-over/form-island.ts): the server writes
 * the form into a host element, with the inline script that tells the loader it is parsed; in the
 * browser the page's root adopts the host as served, as it adopts StaticContent, and the form's own
 * root (entry-client.tsx) hydrates the form inside it, before the rest of the page.
 */
export function WaitlistFormIsland({ fieldId }: { fieldId: string }) {
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
    // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty constant: the form's own root owns these children.
    <div {...host} suppressHydrationWarning dangerouslySetInnerHTML={ISLAND_MARKUP} />
  );
}
