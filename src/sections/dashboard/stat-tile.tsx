import { __iconData as circleDollarSign } from "lucide-react/icons/circle-dollar-sign";
import { __iconData as gauge } from "lucide-react/icons/gauge";
import { __iconData as trendingUp } from "lucide-react/icons/trending-up";
import { __iconData as triangleExclamationPoint } from "lucide-react/icons/triangle-exclamation-point";
import { RevealCard } from "@/components/reveal-card";
import { Icon } from "@/components/ui/icon";
import type { StatIcon, StatTile as StatTileData } from "@/content/dashboard";

const ICONS = {
  dollar: circleDollarSign,
  alert: triangleExclamationPoint,
  trending: trendingUp,
  gauge: gauge,
} satisfies Record<StatIcon, unknown>;

export function StatTile({ tile }: { tile: StatTileData }) {
  return (
    <RevealCard className="h-full p-4 sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-ink-muted">{tile.label}</p>
        <Icon icon={ICONS[tile.icon]} className="size-4 shrink-0 text-accent-strong" />
      </div>
      <p className="mt-3 text-2xl font-semibold tracking-tight text-ink figures-tabular sm:text-3xl">
        {tile.value}
      </p>
      <p className="mt-1 text-xs text-balance text-ink-muted">{tile.note}</p>
    </RevealCard>
  );
}
