import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Progress, type ProgressTone } from "@/components/ui/progress";
import { dashboard, type HealthStatus } from "@/content/dashboard";
import { DashboardCard } from "./dashboard-card";

const STATUS_TONE = {
  Secure: "success",
  Optimized: "accent",
  "Needs Review": "warning",
} satisfies Record<HealthStatus, BadgeTone & ProgressTone>;

export function SecurityHealth() {
  const { title, areas } = dashboard.securityHealth;
  return (
    <DashboardCard title={title}>
      {(titleId) => (
        <ul aria-labelledby={titleId} className="flex flex-1 flex-col justify-between gap-4">
          {areas.map((area) => (
            <li key={area.name}>
              {/* Wraps rather than overflows: at 320 px the status and figure move under the name. */}
              <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
                <span className="text-sm font-medium text-ink">{area.name}</span>
                <span className="ml-auto flex items-center gap-2">
                  <Badge tone={STATUS_TONE[area.status]}>{area.status}</Badge>
                  <span className="w-10 text-right text-sm text-ink figures-tabular">
                    {`${area.percent}%`}
                  </span>
                </span>
              </div>
              <Progress value={area.percent} tone={STATUS_TONE[area.status]} className="mt-2" />
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
