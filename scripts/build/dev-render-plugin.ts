// Vite plugin for `npm run dev`: renders each page on the server into index.html's slots, as the
// prerender does for a build, so the browser hydrates the same markup there as in production
// (an empty root made every dev page log a hydration error). Added in vite.config.ts.
import { loadEnv, type Plugin, type ViteDevServer } from "vite";
import type * as Routes from "../../src/app/routes.ts";
import type * as EntryServer from "../../src/entry-server.tsx";
import { readTrustSettings } from "../../src/lib/trust-settings.ts";
import { fillSlot } from "./fill-slot.ts";

export function devRenderPlugin(): Plugin {
  let server: ViteDevServer | undefined;
  return {
    name: "bulwark:dev-render",
    apply: "serve",
    configureServer(devServer) {
      server = devServer;
    },
    async transformIndexHtml(html, context) {
      if (!server) return html;
      // Loaded per request through Vite, so an edit to any page shows on the next reload.
      const { matchRoute, notFoundRoute, routes } = (await server.ssrLoadModule(
        "/src/app/routes.ts",
      )) as typeof Routes;
      const { render } = (await server.ssrLoadModule(
        "/src/entry-server.tsx",
      )) as typeof EntryServer;
      const id = matchRoute(new URL(context.originalUrl ?? context.path, "http://dev").pathname);
      const route = routes.find((candidate) => candidate.id === id) ?? notFoundRoute;
      const origin = server.resolvedUrls?.local[0] ?? "http://127.0.0.1:5173/";
      try {
        // The privacy and security contacts, as the build reads them (the build warns:
        // scripts/build/build.ts).
        const { mode, root } = server.config;
        const { settings: trust } = readTrustSettings(loadEnv(mode, root, ""));
        const page = await render(route, origin, { linksInHead: true, trust });
        return fillSlot(fillSlot(html, "<!--app-head-->", page.head), "<!--app-html-->", page.html);
      } catch (error) {
        // Points the stack at the source files rather than Vite's transformed modules.
        if (error instanceof Error) server.ssrFixStacktrace(error);
        throw error;
      }
    },
  };
}
