import { type ReactNode, useId } from "react";
import { RevealCard } from "@/components/reveal-card";
import { CardContent, CardHeader, CardTitle, type CardTone } from "@/components/ui/card";
import { cn } from "@/lib/cn";

/**
 * One card of the dashboard mock: a titled, scroll-revealed card. `children` gets the title's id,
 * so the card's list can take the title as its accessible name. The content is a column that fills
 * the card: where a grid row makes the card taller than its content, the content's list spreads
 * over the height (`flex-1` on it) rather than leaving an empty area at the bottom.
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
    <RevealCard tone={tone} className={cn("flex flex-col", className)}>
      <CardHeader className="flex-wrap">
        <CardTitle id={titleId}>{title}</CardTitle>
        {aside}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col">{children(titleId)}</CardContent>
    </RevealCard>
  );
}
