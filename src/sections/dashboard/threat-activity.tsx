import { useId } from "react";
import { RevealCard } from "@/components/reveal-card";
import { Badge } from "@/components/ui/badge";
import { CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { dashboard } from "@/content/dashboard";
import { SEVERITY_TONE } from "./severity";

export function ThreatActivity() {
  const titleId = useId();
  const { title, severityLabels, items } = dashboard.threats;
  return (
    <RevealCard>
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul aria-labelledby={titleId} className="divide-y divide-line">
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
      </CardContent>
    </RevealCard>
  );
}
