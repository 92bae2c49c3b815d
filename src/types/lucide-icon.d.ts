/*
 * Each `lucide-react/icons/*` module exports its drawing as `__iconData` beside its component; lucide's
 * own declaration for those modules leaves it out. The site draws icons from it
 * (src/components/ui/icon.tsx).
 */
import type { LucideIconData } from "lucide-react";

declare module "lucide-react/icons/*" {
  export const __iconData: LucideIconData;
}
