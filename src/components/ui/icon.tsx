import type { LucideIconData } from "lucide-react";
import { createElement } from "react";

/**
 * A decorative lucide icon drawn with only what differs between uses: size and colour come from
 * classes, the stroke settings lucide writes on every icon (and its `lucide-*` classes) are one
 * `.icon` rule in styles.css. Every page's HTML must fit the first round trip
 * (docs/behaviour.md, "Quality bars": Weight).
 */
export function Icon({ icon, className }: { icon: LucideIconData; className: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={`icon ${className}`}>
      {icon.node.map(([tag, attributes]) => createElement(tag, attributes))}
    </svg>
  );
}
