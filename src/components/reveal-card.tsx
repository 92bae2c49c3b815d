import type { ComponentProps } from "react";
import { Card } from "@/components/ui/card";
import { REVEAL_ATTRIBUTE } from "./reveal-on-scroll";

/** A card that animates in once as it scrolls into view (revealOnScroll does it, in plain DOM). */
export function RevealCard(props: ComponentProps<typeof Card>) {
  return <Card {...props} {...{ [REVEAL_ATTRIBUTE]: "pending" }} />;
}
