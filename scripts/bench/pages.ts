/**
 * The pages the bench measures: every page of the site's one path list (src/site-paths.ts) and the
 * bare reference page, which is only a yardstick.
 */
import { type PageId, sitePages } from "../../src/site-paths";

export type PageName = PageId | "reference";
export type Page = { name: PageName; label: string; path: string; onSite: boolean };

export const PAGES: Page[] = [
  ...sitePages.map((page) => ({ name: page.id, label: page.path, path: page.path, onSite: true })),
  { name: "reference", label: "reference", path: "/", onSite: false },
];

/** The pages the bars apply to: every page of the site. */
export const BARRED_PAGES: PageName[] = sitePages.map((page) => page.id);
