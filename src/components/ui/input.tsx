import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return (
    <input
      className={cn(
        "h-12 w-full min-w-0 rounded-lg border border-line-strong bg-canvas px-4 text-base text-ink placeholder:text-ink-muted/80 transition-colors focus-visible:border-accent aria-invalid:border-danger",
        className,
      )}
      {...props}
    />
  );
}
