import { lazy, Suspense } from "react";
import { useToasts } from "@/hooks/use-toast";
import { nextInteraction } from "@/lib/after-first-interaction";
import { retryingImport, untilLoaded } from "@/lib/retrying-import";
import { LazyPartBoundary } from "./lazy-part-boundary";
import type { ToastPlacement } from "./ui/toaster";

const loadToaster = retryingImport(() => import("@/components/ui/toaster"));

// Never rejects: a toaster that cannot be fetched yet is tried again on the next interaction.
const Toaster = lazy(() =>
  untilLoaded(loadToaster, nextInteraction).then((module) => ({ default: module.Toaster })),
);

/**
 * Mounts the Radix toaster only once there is a toast to show: it is not needed for the first
 * paint, and its markup carries an inline style that the CSP would refuse in prerendered HTML.
 */
export function ToasterHost({
  closeLabel,
  placement,
}: {
  closeLabel: string;
  placement: ToastPlacement;
}) {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <LazyPartBoundary fallback={null}>
      <Suspense fallback={null}>
        <Toaster closeLabel={closeLabel} placement={placement} />
      </Suspense>
    </LazyPartBoundary>
  );
}
