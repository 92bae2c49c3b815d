import { useId } from "react";
import { dashboard } from "@/content/dashboard";
import worldMapUrl from "@/generated/world-map.svg";
import { cn } from "@/lib/cn";
import { MAP_VIEWBOX, projectToMap } from "@/lib/map-projection";
import { DashboardCard } from "./dashboard-card";

const DOT_COLOUR = { high: "fill-danger", medium: "fill-warning" } as const;
const DOT_RADIUS = 3.2;
const RING_COLOUR = "text-danger";

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
              className="absolute inset-0 size-full overflow-visible"
            >
              {hotspots.map((spot) => {
                const { x, y } = projectToMap(spot.lat, spot.lon);
                const cx = (x / 100) * width;
                const cy = (y / 100) * height;
                return (
                  // forced-color-adjust: the dots keep their colours in forced-colours mode.
                  <g
                    key={spot.city}
                    className={cn(DOT_COLOUR[spot.severity], "forced-color-adjust-none")}
                  >
                    <circle
                      cx={cx}
                      cy={cy}
                      r={DOT_RADIUS}
                      className="origin-center animate-pulse-dot [transform-box:fill-box]"
                    />
                    <circle cx={cx} cy={cy} r={DOT_RADIUS} />
                    {/* Not colour alone: a high-severity spot also wears a ring. */}
                    {spot.severity === "high" && (
                      <circle
                        cx={cx}
                        cy={cy}
                        r={DOT_RADIUS * 2}
                        fill="none"
                        stroke="currentColor"
                        strokeWidth={1.2}
                        className={RING_COLOUR}
                      />
                    )}
                  </g>
                );
              })}
            </svg>
          </div>
          <ul aria-labelledby={captionId} className="mt-4 flex flex-wrap gap-2">
            {hotspots.map((spot) => (
              <li key={spot.city}>
                <span className="inline-flex items-center gap-1.5 rounded-full border border-line px-2.5 py-0.5 text-xs text-ink-muted">
                  <span
                    aria-hidden="true"
                    className={cn(
                      "size-1.5 rounded-full forced-color-adjust-none",
                      spot.severity === "high" ? "bg-danger" : "bg-warning",
                    )}
                  />
                  {spot.city}
                  <span className="sr-only">,</span>
                  {/* The severity in words, not only in the dot's colour. */}
                  <span className="font-medium text-ink">
                    {dashboard.threats.severityLabels[spot.severity]}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </DashboardCard>
  );
}
