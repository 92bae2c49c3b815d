import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { Tooltip } from "@/components/ui/tooltip";
import { site } from "@/content/site";

/** The hydrated form of InertAction: the same button, with the tooltip saying why it is inert. */
export function InertActionTooltip({
  "aria-describedby": describedBy,
  ...props
}: ComponentProps<typeof Button>) {
  // The tooltip sets the description: the hint while closed, its own text while open (not both).
  return (
    <Tooltip content={site.inertHint} describedBy={describedBy}>
      <Button {...props} />
    </Tooltip>
  );
}
