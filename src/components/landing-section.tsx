import type { ReactNode } from "react";

/**
 * A band of the landing page that the navigation scrolls to: the anchor id, the centred eyebrow,
 * heading (focusable, so a scroll can move focus to it) and intro, then the band's own content.
 */
export function LandingSection({
  id,
  eyebrow,
  heading,
  intro,
  children,
}: {
  id: string;
  eyebrow: string;
  heading: string;
  intro: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-accent-strong uppercase">
            {eyebrow}
          </p>
          <h2
            id={headingId}
            tabIndex={-1}
            className="mt-3 text-3xl font-semibold tracking-tight text-balance text-ink sm:text-4xl"
          >
            {heading}
          </h2>
          <p className="mt-4 text-base text-pretty text-ink-muted sm:text-lg">{intro}</p>
        </div>
        {children}
      </div>
    </section>
  );
}
