import type { ComponentProps } from "react";
import { Card } from "@/components/ui/card";
import { useRevealOnScroll } from "./reveal-on-scroll";

/** A card that animates in once as it scrolls into view. */
export function RevealCard(props: ComponentProps<typeof Card>) {
  const reveal = useRevealOnScroll<HTMLDivElement>();
  return <Card {...props} {...reveal} />;
}
