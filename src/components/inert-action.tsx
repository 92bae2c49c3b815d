import { type ComponentProps, lazy, Suspense } from "react";
import { Button } from "@/components/ui/button";
import { afterFirstInteraction, nextInteraction } from "@/lib/after-first-interaction";
import { retryingImport, untilLoaded } from "@/lib/retrying-import";
import { LazyPartBoundary } from "./lazy-part-boundary";

const loadTooltip = retryingImport(() => import("./inert-action-tooltip"));

/*
 * The tooltip library (about 18 KB gzip) is not needed to paint or read the page: it loads on the
 * visitor's first interaction. Until then React leaves the prerendered button as it is (a
 * Suspense boundary that suspends during hydration keeps the server markup), then hydrates it. If
 * the chunk cannot be fetched (offline, a redeploy), the boundary keeps waiting, so the button stays
 * as served, and the next interaction tries again.
 */
const InertActionTooltip = lazy(() =>
  afterFirstInteraction()
    .then(() => untilLoaded(loadTooltip, nextInteraction))
    .then((module) => ({ default: module.InertActionTooltip })),
);

type InertActionProps = Omit<ComponentProps<typeof Button>, "onClick" | "type">;

/**
 * A control the spec shows but that does nothing yet (View Details, Learn more, Quick Actions):
 * a plain button, so it never navigates or jumps, with a tooltip saying why.
 */
export function InertAction(props: InertActionProps) {
  const plain = <Button {...props} />;
  return (
    <LazyPartBoundary fallback={plain}>
      <Suspense fallback={plain}>
        <InertActionTooltip {...props} />
      </Suspense>
    </LazyPartBoundary>
  );
}
