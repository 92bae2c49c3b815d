import CircleDollarSign from "lucide-react/icons/circle-dollar-sign";
import Gauge from "lucide-react/icons/gauge";
import TrendingUp from "lucide-react/icons/trending-up";
import AlertTriangle from "lucide-react/icons/triangle-alert";
import { RevealCard } from "@/components/reveal-card";
import type { StatIcon, StatTile as StatTileData } from "@/content/dashboard";

const ICONS = {
  dollar: CircleDollarSign,
  alert: AlertTriangle,
  trending: TrendingUp,
  gauge: Gauge,
} satisfies Record<StatIcon, unknown>;

export function StatTile({ tile }: { tile: StatTileData }) {
  const Icon = ICONS[tile.icon];
  return (
    <RevealCard className="h-full p-4 sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-ink-muted">{tile.label}</p>
        <Icon aria-hidden="true" className="size-4 shrink-0 text-accent-strong" />
      </div>
      <p className="mt-3 text-2xl font-semibold tracking-tight text-ink figures-tabular sm:text-3xl">
        {tile.value}
      </p>
      <p className="mt-1 text-xs text-balance text-ink-muted">{tile.note}</p>
    </RevealCard>
  );
}
