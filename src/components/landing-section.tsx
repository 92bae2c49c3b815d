import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { OFFSCREEN_BAND_ATTRIBUTE } from "@/lib/scroll";

/*
 * One rhythm for every band: 3.5 rem above and below, so about 112 px of space between two bands'
 * contents, and a tinted band between two plain ones, ruled above and below.
 */
const TONES = {
  plain: "",
  tinted: "border-y border-line bg-surface/40",
} as const;

type BandTone = keyof typeof TONES;

/**
 * A band of the landing page that the navigation scrolls to: the anchor id, the centred eyebrow,
 * heading (focusable, so a scroll can move focus to it) and intro, then the band's own content.
 * Every band sits below the first screen, so the browser skips its style, layout and paint until
 * it comes near (`data-offscreen-band` in styles.css); `className` gives its estimated height.
 */
export function LandingSection({
  id,
  eyebrow,
  heading,
  intro,
  tone = "plain",
  className,
  children,
}: {
  id: string;
  eyebrow: string;
  heading: string;
  intro: string;
  /** Bands alternate plain and tinted, so each is set off from the next. */
  tone?: BandTone;
  /** The band's `--band-height` per breakpoint: the height of its content, see styles.css. */
  className: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      {...{ [OFFSCREEN_BAND_ATTRIBUTE]: "" }}
      className={cn("py-14", TONES[tone], className)}
    >
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
