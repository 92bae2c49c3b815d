import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { App } from "./app/app";
import { renderHead } from "./app/head";
import type { PrerenderRoute } from "./app/routes";
import { seo } from "./content/seo";
import { EMAILJS_ORIGIN } from "./lib/email-build";
import { NO_TRUST_SETTINGS, type TrustSettings } from "./lib/trust-settings";
import { createPageState } from "./waitlist/ui/page-state";

/**
 * Renders one route to HTML for scripts/build/prerender.ts. A static prerender waits for every lazy part
 * (the inert actions' tooltips), so the HTML is complete and hydration finds what it expects. The
 * head leaves the web manifest and the icons to the app, which links them after the largest
 * contentful paint (src/app/head.ts says why). Each render has a page state of its own, which
 * nothing reads during render (nothing is sent or kept on the server).
 */
export async function render(
  route: PrerenderRoute,
  siteUrl: string,
  {
    linksInHead = false,
    trust = NO_TRUST_SETTINGS,
  }: {
    /** The dev server has no inline loader to hand the manifest to the app: it links it and the icons here. */
    linksInHead?: boolean;
    /** The build's privacy and security contacts, for the privacy notice and the footer. */
    trust?: TrustSettings;
  } = {},
): Promise<{ head: string; html: string }> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App state={createPageState()} ssrPath={route.path} trust={trust} />
    </StrictMode>,
    // Every part in its place: by default React moves parts past a size out of line, as hidden
    // copies and inline scripts that put them in place while the page parses (and the fallback
    // shows where scripts are off). A static page has nothing to stream.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = "";
  for await (const chunk of prelude) html += chunk;
  return { head: renderHead(route, siteUrl, { linksInHead }), html };
}

/** The EmailJS origin this build sends to: the CSP's connect-src must allow it. */
export const emailOrigin = EMAILJS_ORIGIN;

/** The web manifest the app links once the page has painted. */
export const manifestHref = seo.files.manifest;
