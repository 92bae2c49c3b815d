// Vite plugin for `npm run dev`: fills index.html's <!--app-head--> slot (title, icons, meta) the way
// the prerender does for a build, so the dev page has them too. Added in vite.config.ts.
import type { Plugin, ViteDevServer } from "vite";
import type { renderHead as RenderHead } from "../src/app/head.ts";
import type * as Routes from "../src/app/routes.ts";

export function devHeadPlugin(): Plugin {
  let server: ViteDevServer | undefined;
  return {
    name: "bulwark:dev-head",
    apply: "serve",
    configureServer(devServer) {
      server = devServer;
    },
    async transformIndexHtml(html, context) {
      if (!server) return html;
      const { renderHead } = (await server.ssrLoadModule("/src/app/head.ts")) as {
        renderHead: typeof RenderHead;
      };
      const { matchRoute, notFoundRoute, routes } = (await server.ssrLoadModule(
        "/src/app/routes.ts",
      )) as typeof Routes;
      const id = matchRoute(new URL(context.originalUrl ?? context.path, "http://dev").pathname);
      const route = routes.find((candidate) => candidate.id === id) ?? notFoundRoute;
      const origin = server.resolvedUrls?.local[0] ?? "http://127.0.0.1:5173/";
      return html.replace("<!--app-head-->", renderHead(route, origin));
    },
  };
}
