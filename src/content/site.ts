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
  /** Closes the footer's copyright line, which the app renders (it moves the year on). */
  rights: string;
};

/** The rest of the page's foot: static, so apart from `site` and out of the browser's bundle. */
export type Footer = {
  blurb: string;
  sampleDataNote: string;
  contact: { heading: string; privacy: string; security: string; securityTxt: string };
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
  rights: "All rights reserved.",
} satisfies Site;

export const footer = {
  blurb: "AI-powered API security & fraud prevention for teams that run APIs, apps and stores.",
  sampleDataNote:
    "The threat alert at the top of the page and the dashboard's figures, alerts and map are illustrative sample data.",
  contact: {
    heading: "Contact",
    privacy: "Privacy",
    security: "Security",
    securityTxt: "security.txt",
  },
} satisfies Footer;
