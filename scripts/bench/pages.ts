/**
 * The pages the bench measures: every page of the site's one path list (src/site-paths.ts), the
 * landing page of the build with the field signals on (docs/analytics.md), and three yardsticks:
 * the bare reference page; the React floor (react-floor.ts), whose own LCP shows it keeps the
 * site's LCP rule; and the same-page floor (same-page-floor.ts), the site's own first screen with
 * the least React that owns the form, beside which the site's LCP and TBT read as what its own
 * JavaScript adds.
 */
import { type PageId, sitePages } from "../../src/site-paths";

export type PageName = PageId | "landingWithSignals" | "reference" | "reactFloor" | "samePageFloor";
/**
 * Which server a page is on: the default build, the build with the field signals, the bare page,
 * the React floor, the same-page floor.
 */
type Served = "site" | "signals" | "reference" | "reactFloor" | "samePageFloor";
export type Page = { name: PageName; label: string; path: string; served: Served };

export const PAGES: Page[] = [
  ...sitePages.map((page) => ({
    name: page.id,
    label: page.path,
    path: page.path,
    served: "site" as const,
  })),
  { name: "landingWithSignals", label: "/ signals on", path: "/", served: "signals" },
  { name: "reference", label: "reference", path: "/", served: "reference" },
  { name: "reactFloor", label: "React floor", path: "/", served: "reactFloor" },
  { name: "samePageFloor", label: "same-page floor", path: "/", served: "samePageFloor" },
];

/** The pages the bars apply to: every page of the site, in both builds (not the yardsticks). */
export const BARRED_PAGES: PageName[] = PAGES.filter(
  (page) => page.served === "site" || page.served === "signals",
).map((page) => page.name);

/** The landing page in each build: the bars for `/` alone (SEO, the JavaScript budget) apply to both. */
export const LANDING_PAGES: PageName[] = ["landing", "landingWithSignals"];
