import type { ComponentPropsWithoutRef, ElementType, ReactNode } from "react";

/** Inner HTML React leaves to the served page: it never compares, replaces or updates it. */
const SERVED_MARKUP = { __html: "" };

type StaticContentProps<Tag extends ElementType> = {
  /** The element that holds the content (a `ul` for a list of cards, say). Default: `div`. */
  as?: Tag;
  /**
   * The content, on the server only: pass it as `{import.meta.env.SSR && <Part />}`, so the
   * browser's bundle never carries `Part`, its content or its icons.
   */
  children?: ReactNode;
} & Omit<ComponentPropsWithoutRef<Tag>, "children" | "dangerouslySetInnerHTML">;

/**
 * A part of a page that never changes once built (docs/behaviour.md, "Static parts"): the prerender
 * writes it into the HTML, and in the browser React hydrates only the element that holds it,
 * adopting its served children as they are, never reconciling them. Such a page can only come from
 * the server: the app loads it afresh rather than render it in the browser (see app.tsx).
 * So it holds no controls: `npm run build` stops on an event handler, a form control or a lazily
 * loaded part inside it (scripts/build/static-content-marks.ts). A `<details>` without handlers is fine.
 */
export function StaticContent<Tag extends ElementType = "div">({
  as,
  children,
  ...props
}: StaticContentProps<Tag>) {
  const Element: ElementType = as ?? "div";
  if (import.meta.env.SSR) return <Element {...props}>{children}</Element>;
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty constant, never content: it only tells React the served children are not its own.
    <Element {...props} suppressHydrationWarning dangerouslySetInnerHTML={SERVED_MARKUP} />
  );
}
