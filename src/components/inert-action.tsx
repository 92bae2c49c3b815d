import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { Tooltip } from "@/components/ui/tooltip";
import { site } from "@/content/site";

/**
 * A control the spec shows but that does nothing yet (View Details, Learn more, Quick Actions):
 * a plain button, so it never navigates or jumps, with a tooltip saying why.
 */
export function InertAction(props: Omit<ComponentProps<typeof Button>, "onClick" | "type">) {
  return (
    <Tooltip content={site.inertHint}>
      <Button {...props} />
    </Tooltip>
  );
}
