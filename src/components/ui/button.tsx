import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/*
 * Every variant has a border: where it shows none, a transparent one, which forced-colours mode
 * draws, so every control keeps its boundary there (docs/behaviour.md, "Visual rules"). It is set per
 * variant, never in the base classes, so no two border colours ever meet in one class list.
 * The link variant has no padding, so there its boundary would touch the label: forced colours give
 * it some, offset by a negative margin so the label stays where it is.
 */
const VARIANTS = {
  primary:
    "border border-transparent bg-accent text-on-accent hover:bg-accent-strong aria-disabled:bg-accent/60 shadow-glow",
  secondary:
    "border border-line bg-surface-raised text-ink hover:border-accent/60 hover:bg-line/60",
  ghost: "border border-transparent text-ink-muted hover:bg-surface-raised hover:text-ink",
  link: "border border-transparent px-0 text-accent-strong underline-offset-4 hover:underline forced-colors:-mx-2 forced-colors:px-2",
  /** A control shown but not working yet: a dashed outline and muted label, never a live look. */
  inert: "border border-dashed border-line-strong text-ink-muted hover:text-ink",
} as const;

/** Fixed-height sizes keep their label on one line; `fluid` grows and wraps (long labels, text spacing). */
const SIZES = {
  sm: "h-9 px-3 text-sm whitespace-nowrap",
  md: "h-11 px-5 text-sm whitespace-nowrap",
  lg: "h-12 px-6 text-base whitespace-nowrap",
  fluid: "min-h-11 px-5 py-2 text-left text-sm",
} as const;

/** Where the label sits: a prop, so a caller never passes a justify-* class over the default one. */
const ALIGNS = { center: "justify-center", start: "justify-start" } as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;
export type ButtonAlign = keyof typeof ALIGNS;

/** No `disabled:` variants: no button is ever disabled (a busy one is aria-disabled, keeping focus). */
export function buttonClasses(
  variant: ButtonVariant = "primary",
  size: ButtonSize = "md",
  align: ButtonAlign = "center",
): string {
  return cn(
    "inline-flex shrink-0 cursor-pointer items-center gap-2 rounded-lg font-semibold transition-colors aria-disabled:cursor-not-allowed",
    ALIGNS[align],
    VARIANTS[variant],
    variant !== "link" && SIZES[size],
  );
}

export function Button({
  variant,
  size,
  align,
  className,
  type = "button",
  ...props
}: ComponentProps<"button"> & { variant?: ButtonVariant; size?: ButtonSize; align?: ButtonAlign }) {
  return (
    <button type={type} className={cn(buttonClasses(variant, size, align), className)} {...props} />
  );
}
