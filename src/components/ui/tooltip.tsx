import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import { type ReactNode, useRef, useState, useSyncExternalStore } from "react";

/** Tooltip defaults (docs/behaviour.md, "Constants"). */
const OPEN_DELAY_MS = 700;
const SKIP_DELAY_MS = 300;
const SIDE_OFFSET_PX = 4;

/*
 * Each tooltip is loaded and hydrated on its own (see inert-action.tsx), so they cannot share one
 * Radix Provider. This module-level flag gives them the Provider's skip window instead: while one
 * tooltip is open, and for SKIP_DELAY_MS after it closes, the next one opens without the delay.
 */
let skipDelay = false;
let skipTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setSkipDelay(value: boolean): void {
  skipDelay = value;
  for (const listener of listeners) listener();
}

function onOpenChange(open: boolean): void {
  clearTimeout(skipTimer);
  if (open) setSkipDelay(true);
  else skipTimer = setTimeout(() => setSkipDelay(false), SKIP_DELAY_MS);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Wraps one focusable element (the trigger) and shows `content` on hover and keyboard focus, and on
 * a tap (Radix ignores touch: a tap would otherwise close it at once, so touch visitors never saw it).
 */
export function Tooltip({
  content,
  describedBy,
  children,
}: {
  content: string;
  /** The id of text that says the same as `content` while closed (open, the tooltip says it). */
  describedBy?: string;
  children: ReactNode;
}) {
  const skip = useSyncExternalStore(
    subscribe,
    () => skipDelay,
    () => false,
  );
  const [open, setOpen] = useState(false);
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const lastPointerType = useRef("");
  function changeOpen(next: boolean) {
    onOpenChange(next);
    // Drawn at the end of the trigger's <main> (or <body> outside one): still inside a landmark,
    // as axe's `region` rule asks, yet out of any card that clips its overflow and of any section
    // that is its own stacking context (one of those would put the tooltip under the fixed header).
    if (next) setContainer(trigger.current?.closest("main") ?? null);
    setOpen(next);
  }
  return (
    <TooltipPrimitive.Provider
      delayDuration={skip ? 0 : OPEN_DELAY_MS}
      skipDelayDuration={SKIP_DELAY_MS}
    >
      <TooltipPrimitive.Root open={open} onOpenChange={changeOpen}>
        <TooltipPrimitive.Trigger
          ref={trigger}
          asChild
          aria-describedby={open ? undefined : describedBy}
          onPointerDown={(event) => {
            lastPointerType.current = event.pointerType;
          }}
          onClick={(event) => {
            if (lastPointerType.current !== "touch") return;
            // A tap shows the hint; preventing the default skips Radix's close-on-click.
            lastPointerType.current = "";
            event.preventDefault();
            changeOpen(true);
          }}
        >
          {children}
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal container={container}>
          <TooltipPrimitive.Content
            sideOffset={SIDE_OFFSET_PX}
            collisionPadding={8}
            className="z-50 animate-fade-in rounded-md border border-line bg-surface-raised px-3 py-1.5 text-xs font-medium text-ink shadow-soft"
          >
            {content}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
