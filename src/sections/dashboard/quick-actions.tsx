import { InertAction } from "@/components/inert-action";
import { dashboard } from "@/content/dashboard";
import { DashboardCard } from "./dashboard-card";

export function QuickActions() {
  const { title, actions } = dashboard.quickActions;
  return (
    <DashboardCard title={title}>
      {(titleId) => (
        <ul aria-labelledby={titleId} className="grid grid-cols-1 gap-3">
          {actions.map((action) => (
            <li key={action}>
              <InertAction
                variant="secondary"
                className="h-auto min-h-11 w-full justify-start py-2 text-left whitespace-normal"
              >
                {action}
              </InertAction>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
