import { Badge } from "@/components/ui/badge";
import { dashboard } from "@/content/dashboard";
import { DashboardCard } from "./dashboard-card";
import { SEVERITY_TONE } from "./severity";

export function ThreatActivity() {
  const { title, severityLabels, items } = dashboard.threats;
  return (
    <DashboardCard title={title}>
      {(titleId) => (
        <ul
          aria-labelledby={titleId}
          className="flex flex-1 flex-col justify-between divide-y divide-line"
        >
          {items.map((item) => (
            <li
              key={item.title}
              className="flex items-start justify-between gap-3 py-3 first:pt-0 last:pb-0"
            >
              <div className="min-w-0">
                <p className="text-sm font-medium text-ink">{item.title}</p>
                <p className="mt-0.5 text-xs text-ink-muted">{`${item.detail} · ${item.time}`}</p>
              </div>
              <Badge tone={SEVERITY_TONE[item.severity]}>{severityLabels[item.severity]}</Badge>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
