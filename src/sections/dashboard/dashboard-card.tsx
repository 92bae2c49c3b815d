import { type ReactNode, useId } from "react";
import { RevealCard } from "@/components/reveal-card";
import { CardContent, CardHeader, CardTitle, type CardTone } from "@/components/ui/card";

/**
 * One card of the dashboard mock: a titled, scroll-revealed card. `children` gets the title's id,
 * so the card's list can take the title as its accessible name.
 */
export function DashboardCard({
  title,
  aside,
  tone,
  className,
  children,
}: {
  title: string;
  aside?: ReactNode;
  tone?: CardTone;
  /** Placement in the dashboard's grid; the card's look comes from `tone`. */
  className?: string;
  children: (titleId: string) => ReactNode;
}) {
  const titleId = useId();
  return (
    <RevealCard tone={tone} className={className}>
      <CardHeader className="flex-wrap">
        <CardTitle id={titleId}>{title}</CardTitle>
        {aside}
      </CardHeader>
      <CardContent>{children(titleId)}</CardContent>
    </RevealCard>
  );
}
