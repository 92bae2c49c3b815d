import * as ToastPrimitive from "@radix-ui/react-toast";
import { __iconData as x } from "lucide-react/icons/x";
import { useEffect } from "react";
import { Icon } from "@/components/ui/icon";
import { dismissToast, markToastAnnounced, useToasts } from "@/hooks/use-toast";
import { cn } from "@/lib/cn";

/** Toast constants (docs/behaviour.md, "Constants"). */
const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;
const FOCUS_HOTKEY = ["F8"];

/**
 * Tells the toast store once Radix has put the toast's text into its live region (a frame or two
 * after the toast mounts), so a caller can let it be said before the page changes.
 */
function AnnouncedSignal({ id, title }: { id: string; title: string }) {
  useEffect(() => {
    let frame = 0;
    const check = () => {
      const regions = document.querySelectorAll('[role="status"][aria-live]');
      if ([...regions].some((region) => region.textContent?.includes(title)))
        markToastAnnounced(id);
      else frame = requestAnimationFrame(check);
    };
    frame = requestAnimationFrame(check);
    return () => cancelAnimationFrame(frame);
  }, [id, title]);
  return null;
}

/**
 * Where toasts sit below the sm breakpoint. Under a page's fixed header (4 rem) rather than at the
 * bottom, where the form's button sits when a visitor has just pressed it; at the bottom on a page
 * without one, where the top would cover its logo and heading. From sm up, bottom right.
 */
const PLACEMENTS = {
  "below-header": "top-16 sm:top-auto sm:bottom-0",
  bottom: "bottom-0",
} as const;

export type ToastPlacement = keyof typeof PLACEMENTS;

export function Toaster({
  closeLabel,
  placement,
}: {
  closeLabel: string;
  placement: ToastPlacement;
}) {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={SWIPE_THRESHOLD_PX}
    >
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          // "foreground" is announced assertively: a failed signup must not go unnoticed.
          type={item.variant === "destructive" ? "foreground" : "background"}
          className={cn(
            "pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-deep",
            "data-[state=open]:animate-fade-in data-[swipe=move]:[translate:var(--radix-toast-swipe-move-x)_0] data-[swipe=end]:[translate:100%_0] data-[swipe=end]:transition-[translate]",
            item.variant === "destructive"
              ? "border-danger/50 bg-danger-surface text-ink"
              : "border-line bg-surface-raised text-ink",
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">
              {item.title}
            </ToastPrimitive.Title>
            {/* Radix announces the toast's text nodes joined as they are: this space keeps the
                title and the description two words apart ("failed There", not "failedThere"). */}
            {item.description && " "}
            {item.description && (
              <ToastPrimitive.Description className="text-sm text-ink-muted">
                {item.description}
              </ToastPrimitive.Description>
            )}
          </div>
          <AnnouncedSignal id={item.id} title={item.title} />
          <ToastPrimitive.Close
            aria-label={closeLabel}
            className="absolute top-3 right-3 rounded-md p-1 text-ink-muted hover:text-ink"
          >
            <Icon icon={x} className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={FOCUS_HOTKEY}
        className={cn(
          "fixed right-0 z-100 flex w-full flex-col gap-2 p-4 sm:max-w-sm",
          PLACEMENTS[placement],
        )}
      />
    </ToastPrimitive.Provider>
  );
}
