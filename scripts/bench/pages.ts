/**
 * The pages the bench measures: the site's two routes and the bare reference page. The one place
 * the bench spells the site's paths.
 */
export type Page = { name: PageName; label: string; path: string; onSite: boolean };
export type PageName = "landing" | "success" | "reference";

export const PAGES: Page[] = [
  { name: "landing", label: "/", path: "/", onSite: true },
  { name: "success", label: "/success", path: "/success", onSite: true },
  { name: "reference", label: "reference", path: "/", onSite: false },
];

/** The pages the bars apply to; the reference page is only a yardstick. */
export const BARRED_PAGES: PageName[] = ["landing", "success"];
