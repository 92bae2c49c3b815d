import { useId } from "react";
import { InertAction } from "@/components/inert-action";
import { RevealCard } from "@/components/reveal-card";
import { CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { dashboard } from "@/content/dashboard";

export function QuickActions() {
  const titleId = useId();
  const { title, actions } = dashboard.quickActions;
  return (
    <RevealCard>
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul aria-labelledby={titleId} className="grid gap-3">
          {actions.map((action) => (
            <li key={action}>
              <InertAction variant="secondary" className="w-full justify-start">
                {action}
              </InertAction>
            </li>
          ))}
        </ul>
      </CardContent>
    </RevealCard>
  );
}
