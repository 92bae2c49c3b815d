import { lazy, Suspense } from "react";
import { useToasts } from "@/hooks/use-toast";

let toasterModule: Promise<typeof import("@/components/ui/toaster")> | undefined;

/** Starts loading the toaster early (the waitlist form calls it on first focus), once. */
export function preloadToaster() {
  toasterModule ??= import("@/components/ui/toaster");
  return toasterModule;
}

const Toaster = lazy(() => preloadToaster().then((module) => ({ default: module.Toaster })));

/**
 * Mounts the Radix toaster only once there is a toast to show: it is not needed for the first
 * paint, and its markup carries an inline style that the CSP would refuse in prerendered HTML.
 */
export function ToasterHost({ closeLabel }: { closeLabel: string }) {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster closeLabel={closeLabel} />
    </Suspense>
  );
}
