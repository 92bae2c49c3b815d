import { useId } from "react";
import { LandingSection } from "@/components/landing-section";
import { StaticContent } from "@/components/static-content";
import { Badge } from "@/components/ui/badge";
import { dashboard } from "@/content/dashboard";
import { CriticalAlerts } from "./dashboard/critical-alerts";
import { FraudMap } from "./dashboard/fraud-map";
import { QuickActions } from "./dashboard/quick-actions";
import { SecurityHealth } from "./dashboard/security-health";
import { StatTile } from "./dashboard/stat-tile";
import { ThreatActivity } from "./dashboard/threat-activity";

/**
 * The dashboard band: a static mock of the console, as a figure named by its panel title and
 * described by its "Sample data" badge, so its figures and alerts are never taken for live ones.
 */
export function DashboardSection() {
  const id = useId();
  const titleId = `${id}-title`;
  const sampleId = `${id}-sample`;
  return (
    <LandingSection
      id="dashboard"
      eyebrow={dashboard.eyebrow}
      heading={dashboard.heading}
      intro={dashboard.intro}
      className="[--band-height:154rem] sm:[--band-height:132rem] lg:[--band-height:74rem]"
    >
      <figure
        aria-labelledby={titleId}
        aria-describedby={sampleId}
        className="mt-10 rounded-3xl border border-line bg-canvas/60 p-3 shadow-deep sm:p-5"
      >
        <div className="flex flex-wrap items-center justify-between gap-3 px-2 pb-4">
          <p className="flex items-center gap-2 text-sm font-semibold text-ink">
            <span
              aria-hidden="true"
              className="size-2 rounded-full bg-success forced-color-adjust-none"
            />
            <span id={titleId}>{dashboard.panelTitle}</span>
          </p>
          <Badge id={sampleId}>{dashboard.sampleBadge}</Badge>
        </div>
        <StaticContent as="ul" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {import.meta.env.SSR &&
            dashboard.statTiles.map((tile) => (
              <li key={tile.label}>
                <StatTile tile={tile} />
              </li>
            ))}
        </StaticContent>
        <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-3">
          {/* display: contents, so each card stays an item of the grid. */}
          <StaticContent className="contents">
            {import.meta.env.SSR && (
              <>
                <ThreatActivity />
                <FraudMap />
                <CriticalAlerts />
                <SecurityHealth />
              </>
            )}
          </StaticContent>
          <QuickActions />
        </div>
      </figure>
    </LandingSection>
  );
}
