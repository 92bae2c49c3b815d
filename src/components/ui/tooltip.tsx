import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import type { ReactNode } from "react";

/** SPEC §9 tooltip defaults. */
const OPEN_DELAY_MS = 700;
const SKIP_DELAY_MS = 300;
const SIDE_OFFSET_PX = 4;

export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={OPEN_DELAY_MS} skipDelayDuration={SKIP_DELAY_MS}>
      {children}
    </TooltipPrimitive.Provider>
  );
}

/** Wraps one focusable element (the trigger) and shows `content` on hover and keyboard focus. */
export function Tooltip({ content, children }: { content: string; children: ReactNode }) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          sideOffset={SIDE_OFFSET_PX}
          className="z-50 animate-fade-in rounded-md border border-line bg-surface-raised px-3 py-1.5 text-xs font-medium text-ink shadow-lg shadow-black/40"
        >
          {content}
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
