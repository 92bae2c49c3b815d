import { type ReactNode, useId } from "react";
import { RevealCard } from "@/components/reveal-card";
import { CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/**
 * One card of the dashboard mock: a titled, scroll-revealed card. `children` gets the title's id,
 * so the card's list can take the title as its accessible name.
 */
export function DashboardCard({
  title,
  aside,
  className,
  children,
}: {
  title: string;
  aside?: ReactNode;
  className?: string;
  children: (titleId: string) => ReactNode;
}) {
  const titleId = useId();
  return (
    <RevealCard className={className}>
      <CardHeader className="flex-wrap">
        <CardTitle id={titleId}>{title}</CardTitle>
        {aside}
      </CardHeader>
      <CardContent>{children(titleId)}</CardContent>
    </RevealCard>
  );
}
