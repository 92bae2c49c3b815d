import { type ComponentProps, lazy, Suspense } from "react";
import { Button } from "@/components/ui/button";
import { afterFirstInteraction } from "@/lib/after-first-interaction";

/*
 * The tooltip library (about 18 KB gzip) is not needed to paint or read the page: it loads on the
 * visitor's first interaction. Until then React leaves the prerendered button as it is (a
 * Suspense boundary that suspends during hydration keeps the server markup), then hydrates it.
 */
const InertActionTooltip = lazy(() =>
  afterFirstInteraction()
    .then(() => import("./inert-action-tooltip"))
    .then((module) => ({ default: module.InertActionTooltip })),
);

type InertActionProps = Omit<ComponentProps<typeof Button>, "onClick" | "type">;

/**
 * A control the spec shows but that does nothing yet (View Details, Learn more, Quick Actions):
 * a plain button, so it never navigates or jumps, with a tooltip saying why.
 */
export function InertAction(props: InertActionProps) {
  return (
    <Suspense fallback={<Button {...props} />}>
      <InertActionTooltip {...props} />
    </Suspense>
  );
}
