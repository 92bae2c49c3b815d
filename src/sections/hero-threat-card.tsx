import { __iconData as shieldExclamationPoint } from "lucide-react/icons/shield-exclamation-point";
import { useId } from "react";
import { InertAction } from "@/components/inert-action";
import { StaticContent } from "@/components/static-content";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Icon } from "@/components/ui/icon";
import { hero } from "@/content/hero";

/**
 * The static sample of a blocked attack that sits beside the pitch; only its button moves. A figure
 * named by its title and described by its "Sample data" badge, so no one takes it for a live alert.
 * Compact on phones (no icon, no detail line, no box around the figures), so the waitlist form below
 * it starts within 800 px of the top of a 375x667 screen. Its endpoint, address and time are in the
 * page's one face with tabular figures, not a monospace face: a second face is a second font's
 * first text layout before the first paint (docs/performance.md).
 */
export function HeroThreatCard() {
  const card = hero.threatCard;
  const id = useId();
  const titleId = `${id}-title`;
  const sampleId = `${id}-sample`;
  return (
    <Card
      role="figure"
      aria-labelledby={titleId}
      aria-describedby={sampleId}
      className="relative overflow-hidden p-4 sm:p-6"
    >
      {/* display: contents, so the card lays its parts out as if this holder were not there. */}
      <StaticContent className="contents">
        {import.meta.env.SSR && <ThreatSummary titleId={titleId} sampleId={sampleId} />}
      </StaticContent>
      <div className="mt-3 flex items-center justify-between gap-3 sm:mt-4">
        <span className="text-xs font-medium text-success">{card.confidence}</span>
        <InertAction size="sm">{card.actionLabel}</InertAction>
      </div>
    </Card>
  );
}

function ThreatSummary({ titleId, sampleId }: { titleId: string; sampleId: string }) {
  const card = hero.threatCard;
  return (
    <>
      {/* Wraps rather than squeezes: where the title and the badge do not fit side by side (a
          classic scrollbar at 375 px, 320 px), the badge moves under the title. */}
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="flex items-center gap-3">
          <span className="hidden size-10 shrink-0 place-items-center rounded-xl bg-danger/15 text-danger sm:grid">
            <Icon icon={shieldExclamationPoint} className="size-5" />
          </span>
          <div>
            <p id={titleId} className="font-semibold text-ink">
              {card.title}
            </p>
            <p className="text-xs whitespace-nowrap text-ink-muted tabular-nums">{card.endpoint}</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge id={sampleId}>{card.sampleBadge}</Badge>
          <Badge tone="success">
            <span
              aria-hidden="true"
              className="size-1.5 rounded-full bg-success forced-color-adjust-none"
            />
            {card.status}
          </Badge>
        </div>
      </div>
      <p className="mt-4 hidden text-sm text-ink-muted sm:block">{card.detail}</p>
      {/* Each figure as wide as it reads: side by side where both fit, one under the other where
          they do not (320 px with WCAG text spacing), so the address never runs into the time. */}
      <dl className="mt-3 flex flex-wrap gap-x-8 gap-y-2 text-sm sm:mt-4 sm:rounded-xl sm:border sm:border-line sm:bg-canvas/60 sm:p-3">
        <div className="min-w-0 sm:flex-1">
          <dt className="text-xs text-ink-muted">{card.sourceLabel}</dt>
          <dd className="mt-0.5 wrap-anywhere text-ink tabular-nums">{card.source}</dd>
        </div>
        <div className="min-w-0 sm:flex-1">
          <dt className="text-xs text-ink-muted">{card.timeLabel}</dt>
          <dd className="mt-0.5 wrap-anywhere text-ink tabular-nums">{card.time}</dd>
        </div>
      </dl>
    </>
  );
}
