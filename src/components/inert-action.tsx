import { type ComponentProps, lazy, Suspense } from "react";
import { Button } from "@/components/ui/button";
import { site } from "@/content/site";
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

/** The one hint every inert control is described by (`InertHint`). */
const INERT_HINT_ID = "inert-hint";

type InertActionProps = Omit<ComponentProps<typeof Button>, "onClick" | "type" | "variant">;

/**
 * A control the spec shows but that does nothing yet (View Details, Learn more, Quick Actions):
 * a plain button, so it never navigates or jumps, with a tooltip saying why.
 *
 * docs/behaviour.md, "Inert controls": it is `aria-disabled` (still focusable, so the tooltip
 * shows on keyboard focus) and described by a hint that is in the prerendered HTML, so a screen
 * reader says why it is unavailable before the tooltip library has loaded. The hint is `hidden`:
 * a description is read from hidden text too, and a screen reader reading on from the button does
 * not say it a second time. Every inert control shares one hint (`InertHint`, once on the page):
 * the same words eight times would cost the page's first round trip some 40 B of brotli.
 */
export function InertAction(props: InertActionProps) {
  // Always the inert look, whatever the caller asks: it must never pass for a live button or link.
  const semantics = {
    "aria-disabled": true,
    "aria-describedby": INERT_HINT_ID,
    variant: "inert",
  } as const;
  const plain = <Button {...props} {...semantics} />;
  return (
    <LazyPartBoundary fallback={plain}>
      <Suspense fallback={plain}>
        <InertActionTooltip {...props} {...semantics} />
      </Suspense>
    </LazyPartBoundary>
  );
}

/** The words that describe every inert control: once on a page that has any. */
export function InertHint() {
  return (
    <span id={INERT_HINT_ID} hidden>
      {site.inertHint}
    </span>
  );
}
