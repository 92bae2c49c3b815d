import { useId } from "react";
import { dashboard, type Severity } from "@/content/dashboard";
import worldMapUrl from "@/generated/world-map.svg";
import { cn } from "@/lib/cn";
import { MAP_VIEWBOX, projectToMap } from "@/lib/map-projection";
import { DashboardCard } from "./dashboard-card";

const DOT_COLOUR = { high: "fill-danger", medium: "fill-warning" } as const;
const DOT_RADIUS = 3.2;
/** Half the diagonal of the diamond a high-severity spot is drawn as (a medium one is a circle). */
const DIAMOND_RADIUS = 4.2;

/** Map positions to a tenth of a viewBox unit: finer places only weigh on the page. */
const tenth = (value: number): number => Math.round(value * 10) / 10;

/*
 * Severity is never colour alone (docs/behaviour.md, "Visual rules"): a high spot is a diamond, a medium
 * one a circle, on the map and on its chips, and each chip says the word. The markers keep their
 * colours in forced-colours mode (forced-color-adjust: none), where a background would vanish.
 */
function Marker({ severity, cx, cy }: { severity: Severity; cx: number; cy: number }) {
  if (severity === "medium") return <circle cx={cx} cy={cy} r={DOT_RADIUS} />;
  const d = DIAMOND_RADIUS;
  const corners = [
    [cx, cy - d],
    [cx + d, cy],
    [cx, cy + d],
    [cx - d, cy],
  ];
  return <polygon points={corners.map((corner) => corner.map(tenth).join(",")).join(" ")} />;
}

/** The dotted world map is an image made at build time; the five hotspots pulse on top of it. */
export function FraudMap() {
  const { title, caption, hotspots } = dashboard.map;
  const { width, height } = MAP_VIEWBOX;
  const captionId = useId();
  return (
    <DashboardCard
      title={title}
      className="lg:col-span-2"
      aside={
        <p id={captionId} className="text-xs text-ink-muted">
          {caption}
        </p>
      }
    >
      {() => (
        <>
          <div className="relative">
            <img
              src={worldMapUrl}
              alt=""
              width={width}
              height={height}
              loading="lazy"
              decoding="async"
              className="h-auto w-full"
            />
            <svg
              aria-hidden="true"
              viewBox={`0 0 ${width} ${height}`}
              className="absolute inset-0 size-full overflow-visible forced-color-adjust-none"
            >
              {hotspots.map((spot) => {
                const { x, y } = projectToMap(spot.lat, spot.lon);
                const cx = tenth((x / 100) * width);
                const cy = tenth((y / 100) * height);
                return (
                  <g key={spot.city} className={DOT_COLOUR[spot.severity]}>
                    <circle
                      cx={cx}
                      cy={cy}
                      r={DOT_RADIUS}
                      className="origin-center animate-pulse-dot [transform-box:fill-box]"
                    />
                    <Marker severity={spot.severity} cx={cx} cy={cy} />
                  </g>
                );
              })}
            </svg>
          </div>
          <ul aria-labelledby={captionId} className="mt-4 flex flex-wrap gap-2">
            {hotspots.map((spot) => (
              <li
                key={spot.city}
                className="flex items-center gap-1.5 rounded-full border border-line px-2.5 py-0.5 text-xs text-ink-muted"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    "forced-color-adjust-none",
                    spot.severity === "high"
                      ? "size-2 rotate-45 rounded-[1px] bg-danger"
                      : "size-1.5 rounded-full bg-warning",
                  )}
                />
                {spot.city}
                <span className="sr-only">,</span>
                <span className="font-medium text-ink">
                  {dashboard.threats.severityLabels[spot.severity]}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </DashboardCard>
  );
}
