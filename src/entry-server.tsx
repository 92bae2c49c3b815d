import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { App } from "./app/app";
import { renderHead } from "./app/head";
import type { PrerenderRoute } from "./app/routes";
import { emailConfig } from "./lib/config";

/** Renders one route to HTML for scripts/prerender.ts. */
export function render(route: PrerenderRoute, siteUrl: string): { head: string; html: string } {
  const html = renderToString(
    <StrictMode>
      <App ssrPath={route.path} />
    </StrictMode>,
  );
  return { head: renderHead(route, siteUrl), html };
}

/** The EmailJS origin this build sends to: the CSP's connect-src must allow it. */
export const emailOrigin = emailConfig.origin;
