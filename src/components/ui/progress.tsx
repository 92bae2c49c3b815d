import { cn } from "@/lib/cn";

const TONES = {
  success: "fill-success",
  accent: "fill-accent",
  warning: "fill-warning",
} as const;

export type ProgressTone = keyof typeof TONES;

/**
 * A decorative bar: the figure it draws must be shown as text beside it. Drawn in SVG so the width is
 * an attribute, not an inline style that the Content-Security-Policy would block.
 */
export function Progress({
  value,
  tone = "accent",
  className,
}: {
  value: number;
  tone?: ProgressTone;
  className?: string;
}) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 100 2"
      preserveAspectRatio="none"
      className={cn(
        "h-2 w-full overflow-hidden rounded-full bg-line forced-color-adjust-none",
        className,
      )}
    >
      {/* The track is the element's own background: one node less a bar. */}
      <rect width={clamped} height="2" className={TONES[tone]} />
    </svg>
  );
}
