import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/** A card's border and surface: a tone, never a class passed over the default one. */
const TONES = {
  default: "border-line bg-surface/90",
  danger: "border-danger/40 bg-danger-surface/60",
} as const;

export type CardTone = keyof typeof TONES;

export function Card({
  tone = "default",
  className,
  ...props
}: ComponentProps<"div"> & { tone?: CardTone }) {
  return (
    <div className={cn("rounded-2xl border shadow-soft", TONES[tone], className)} {...props} />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn("flex items-center justify-between gap-3 px-5 pt-5", className)}
      {...props}
    />
  );
}

/** A card's title: not a heading (shadcn's is a div too); a page decides its own outline. */
export function CardTitle({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("text-base font-semibold text-ink", className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("p-5", className)} {...props} />;
}
