type NavItem = { label: string; sectionId: string };

export type Site = {
  name: string;
  tagline: string;
  logoAlt: string;
  skipLink: string;
  navLabel: string;
  menuLabel: string;
  closeToastLabel: string;
  navItems: NavItem[];
  inertHint: string;
  footer: { blurb: string; rights: string; sampleDataNote: string };
};

export const site = {
  name: "Bulwark",
  tagline: "AI-powered API security & fraud prevention",
  logoAlt: "Bulwark",
  skipLink: "Skip to main content",
  navLabel: "Main",
  menuLabel: "Menu",
  closeToastLabel: "Close notification",
  navItems: [
    { label: "Features", sectionId: "features" },
    { label: "Dashboard", sectionId: "dashboard" },
    { label: "Solutions", sectionId: "solutions" },
  ],
  inertHint: "Available with early access",
  footer: {
    blurb: "AI-powered API security & fraud prevention for teams that run APIs, apps and stores.",
    rights: "All rights reserved.",
    sampleDataNote: "Dashboard figures, alerts and map are illustrative sample data.",
  },
} satisfies Site;
