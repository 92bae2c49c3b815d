import { features } from "./features";
import { palette } from "./palette";
import { site } from "./site";

const CALL_TO_ACTION = "Join the early-access waitlist";
const HIGHLIGHTS = features.cards.map((card) => card.title);

/** How the site presents itself to search engines, link previews and home screens. */
export type Seo = {
  /** The organisation and product name (one brand string: it comes from site.ts). */
  name: string;
  tagline: string;
  /** One line for link previews and the web manifest. */
  shareDescription: string;
  locale: string;
  ogImage: {
    /** Describes the 1200x630 share image for people who cannot see it. */
    alt: string;
    /** The line under the tagline on the share image. */
    callToAction: string;
    /** The capabilities listed along the image's foot. */
    highlights: string[];
  };
  manifest: {
    name: string;
    shortName: string;
    backgroundColor: `#${string}`;
    themeColor: `#${string}`;
  };
  /** Where the build writes the sharing and home-screen files (scripts/build/seo-assets.ts), by URL path. */
  files: {
    ogImage: SizedFile;
    faviconSvg: string;
    faviconPng: SizedFile;
    appleTouchIcon: SizedFile;
    manifest: string;
    /** Small then large; the large one is also the organisation's logo in structured data. */
    manifestIcons: [SizedFile, SizedFile];
    robots: string;
    sitemap: string;
  };
};

export type SizedFile = { path: string; width: number; height: number };

export const seo = {
  name: site.name,
  tagline: site.tagline,
  shareDescription:
    "Stop API attacks and fraud in real time with machine-learning detection and automatic blocking. Early access is open.",
  locale: "en_US",
  ogImage: {
    alt: `The ${site.name} shield logo with the tagline “${site.tagline}” and a “${CALL_TO_ACTION}” button.`,
    callToAction: CALL_TO_ACTION,
    highlights: HIGHLIGHTS,
  },
  manifest: {
    name: `${site.name}: ${site.tagline}`,
    shortName: site.name,
    backgroundColor: palette.canvas,
    themeColor: palette.canvas,
  },
  files: {
    ogImage: { path: "/og-image.png", width: 1200, height: 630 },
    faviconSvg: "/favicon.svg",
    faviconPng: { path: "/favicon-32.png", width: 32, height: 32 },
    appleTouchIcon: { path: "/apple-touch-icon.png", width: 180, height: 180 },
    manifest: "/site.webmanifest",
    manifestIcons: [
      { path: "/icon-192.png", width: 192, height: 192 },
      { path: "/icon-512.png", width: 512, height: 512 },
    ],
    robots: "/robots.txt",
    sitemap: "/sitemap.xml",
  },
} satisfies Seo;
