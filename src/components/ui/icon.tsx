import type { LucideIconData } from "lucide-react";
import { createElement } from "react";

type IconNode = LucideIconData["node"];

/**
 * The icon's paths as one `<path>` (its other shapes as they are): a stroked icon of one colour
 * draws the same from one path of many subpaths, with fewer elements to parse and lay out. A path
 * written from a relative move (`m`) is only absolute at the start of a path: one such goes first,
 * a second stays a path of its own.
 */
export function mergedPaths(node: IconNode): IconNode {
  const relative: string[] = [];
  const absolute: string[] = [];
  const rest: IconNode = [];
  for (const entry of node) {
    const [tag, attributes] = entry;
    const d = attributes.d;
    if (tag !== "path" || typeof d !== "string") rest.push(entry);
    else if (d.startsWith("M")) absolute.push(d);
    else if (relative.length === 0 && d.startsWith("m")) relative.push(d);
    else rest.push(entry);
  }
  const d = [...relative, ...absolute].join("");
  return d ? [["path", { d, key: "paths" }], ...rest] : rest;
}

/**
 * A decorative lucide icon drawn with only what differs between uses: size and colour come from
 * classes, the stroke settings lucide writes on every icon (and its `lucide-*` classes) are one
 * `.icon` rule in styles.css. Every page's HTML must fit the first round trip
 * (docs/behaviour.md, "Quality bars": Weight).
 */
export function Icon({ icon, className }: { icon: LucideIconData; className: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={`icon ${className}`}>
      {/* Keyed by place: the build drops lucide's own keys (scripts/build/lucide-keys-plugin.ts). */}
      {mergedPaths(icon.node).map(([tag, attributes], index) =>
        createElement(tag, { key: index, ...attributes }),
      )}
    </svg>
  );
}
