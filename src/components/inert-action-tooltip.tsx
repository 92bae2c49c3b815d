import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { Tooltip } from "@/components/ui/tooltip";
import { site } from "@/content/site";

/** The hydrated form of InertAction: the same button, with the tooltip saying why it is inert. */
export function InertActionTooltip(props: ComponentProps<typeof Button>) {
  return (
    <Tooltip content={site.inertHint}>
      <Button {...props} />
    </Tooltip>
  );
}
