import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

const TONES = {
  neutral: "border-line bg-surface-raised text-ink-muted",
  accent: "border-accent/40 bg-accent/10 text-accent-strong",
  danger: "border-danger/40 bg-danger/10 text-danger",
  warning: "border-warning/40 bg-warning/10 text-warning",
  success: "border-success/40 bg-success/10 text-success",
} as const;

export type BadgeTone = keyof typeof TONES;

export function Badge({
  tone = "neutral",
  className,
  ...props
}: ComponentProps<"span"> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        // The shape, one class of styles.css: a dozen badges a page, each 100 B of HTML less.
        "badge",
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}
