import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

const VARIANTS = {
  primary:
    "bg-accent text-on-accent hover:bg-accent-strong disabled:bg-accent/60 aria-disabled:bg-accent/60 shadow-glow",
  secondary:
    "border border-line bg-surface-raised text-ink hover:border-accent/60 hover:bg-line/60",
  ghost: "text-ink-muted hover:bg-surface-raised hover:text-ink",
  link: "px-0 text-accent-strong underline-offset-4 hover:underline",
} as const;

const SIZES = {
  sm: "h-9 px-3 text-sm",
  md: "h-11 px-5 text-sm",
  lg: "h-12 px-6 text-base",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md"): string {
  return cn(
    // A transparent border is invisible until forced-colours mode draws it: every control keeps
    // its boundary there (PRODUCT.md §1 "Visual rules").
    "inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-lg border border-transparent font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed aria-disabled:cursor-not-allowed",
    VARIANTS[variant],
    variant !== "link" && SIZES[size],
  );
}

export function Button({
  variant,
  size,
  className,
  type = "button",
  ...props
}: ComponentProps<"button"> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type={type} className={cn(buttonClasses(variant, size), className)} {...props} />;
}
