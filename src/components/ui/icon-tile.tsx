import type { LucideIconData } from "lucide-react";
import { Icon } from "@/components/ui/icon";

/** A decorative icon on a soft accent tile, at the top of a card. */
export function IconTile({ icon }: { icon: LucideIconData }) {
  return (
    <span className="grid size-11 place-items-center rounded-xl bg-accent/12 text-accent-strong">
      <Icon icon={icon} className="size-5" />
    </span>
  );
}
