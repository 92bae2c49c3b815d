import { __iconData as siren } from "lucide-react/icons/siren";
import { Icon } from "@/components/ui/icon";
import { dashboard } from "@/content/dashboard";
import { DashboardCard } from "./dashboard-card";

export function CriticalAlerts() {
  const { title, count, countLabel, items } = dashboard.criticalAlerts;
  return (
    <DashboardCard
      title={title}
      aside={<Icon icon={siren} className="size-5 text-danger" />}
      tone="danger"
    >
      {(titleId) => (
        <>
          <p className="flex items-baseline gap-2">
            <span className="text-4xl font-semibold text-danger figures-tabular">{count}</span>
            <span className="text-sm font-medium text-ink">{countLabel}</span>
          </p>
          <ul aria-labelledby={titleId} className="mt-4 flex flex-1 flex-col justify-around gap-2">
            {items.map((item) => (
              <li key={item} className="flex gap-2 text-sm text-ink-muted">
                <span
                  aria-hidden="true"
                  className="mt-1.5 size-1.5 shrink-0 rounded-full bg-danger forced-color-adjust-none"
                />
                {item}
              </li>
            ))}
          </ul>
        </>
      )}
    </DashboardCard>
  );
}
