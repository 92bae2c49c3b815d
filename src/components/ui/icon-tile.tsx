import type { ComponentType, SVGProps } from "react";

/** A decorative icon on a soft accent tile, at the top of a card. */
export function IconTile({ icon: Icon }: { icon: ComponentType<SVGProps<SVGSVGElement>> }) {
  return (
    <span className="grid size-11 place-items-center rounded-xl bg-accent/12 text-accent-strong">
      <Icon aria-hidden="true" className="size-5" />
    </span>
  );
}
