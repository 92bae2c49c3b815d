import type { ComponentProps, MouseEvent } from "react";
import {
  type ButtonAlign,
  type ButtonSize,
  type ButtonVariant,
  buttonClasses,
} from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { scrollToSection } from "@/lib/scroll";

type SectionLinkProps = Omit<ComponentProps<"a">, "href"> & {
  sectionId: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  align?: ButtonAlign;
};

/** A plain click: one the app takes over, where a modified one keeps the link's own meaning. */
const plainClick = (event: MouseEvent) =>
  event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);

/**
 * A control that takes the visitor to a landing section, drawn as a button. It is an in-page link,
 * so it works from the first paint, before the app runs and with scripts off (the browser's jump,
 * smoothed and kept below the header by styles.css); once the app runs, a plain click scrolls with
 * `scrollToSection` instead, which also lands exactly and moves focus to the section's heading.
 */
export function SectionLink({
  sectionId,
  variant,
  size,
  align,
  className,
  onClick,
  ...props
}: SectionLinkProps) {
  return (
    <a
      href={`#${sectionId}`}
      className={cn(buttonClasses(variant, size, align), className)}
      onClick={(event) => {
        onClick?.(event);
        if (!plainClick(event)) return;
        event.preventDefault();
        scrollToSection(sectionId);
      }}
      {...props}
    />
  );
}
