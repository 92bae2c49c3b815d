/**
 * The site's copy as the specs find it: read from src/content/, never typed again, so a change of
 * copy is made in its content file alone (docs/behaviour.md, "Fixed words"); put together here where
 * the page puts it together. The fixed words are words.ts's. A spec reads the rest of the copy
 * (a card's title, a tile's figure) from its content file itself.
 */
import { dashboard } from "../../../src/content/dashboard";
import { features } from "../../../src/content/features";
import { hero } from "../../../src/content/hero";
import { solutions } from "../../../src/content/solutions";
import { NAV } from "./words";

/** The hero's heading of level 1 as a visitor reads it: the headline, then its accent. */
export const HERO_HEADING = `${hero.headline} ${hero.headlineAccent}`;

/** The three bands below the hero, in the page's order: each heading names its region. */
export const BANDS = [
  { id: "features", nav: NAV.features, heading: features.heading },
  { id: "dashboard", nav: NAV.dashboard, heading: dashboard.heading },
  { id: "solutions", nav: NAV.solutions, heading: solutions.heading },
] as const;

/** `text` as a pattern that matches it literally (copy may hold `.`, `?`, `(`). */
export const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The dashboard's four stat tiles, each found by its label alone. */
export const STAT_TILE_LABELS = new RegExp(
  `^(${dashboard.statTiles.map(({ label }) => literally(label)).join("|")})$`,
);

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};

/** `text` as React writes it in a text node of served HTML (`&`, `<`, `>`, quotes escaped). */
export const asServed = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** The text of a piece of served HTML: tags dropped, the entities React and the head write read. */
export function servedText(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#x27|#39);/g, (entity) =>
      entity === "&#39;"
        ? "'"
        : (Object.entries(ENTITIES).find(([, name]) => name === entity)?.[0] ?? entity),
    );
}
