import { InertAction } from "@/components/inert-action";
import { dashboard } from "@/content/dashboard";
import { DashboardCard } from "./dashboard-card";

export function QuickActions() {
  const { title, actions } = dashboard.quickActions;
  return (
    <DashboardCard title={title}>
      {(titleId) => (
        <ul aria-labelledby={titleId} className="grid flex-1 auto-rows-fr grid-cols-1 gap-3">
          {actions.map((action) => (
            <li key={action} className="flex">
              <InertAction size="fluid" align="start" className="w-full">
                {action}
              </InertAction>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
