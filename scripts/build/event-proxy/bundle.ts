/**
 * Each host's copy of the event proxy (./handler.ts), bundled at build time into one ES module that
 * imports nothing: Cloudflare Pages' `_worker.js`, Netlify's edge function and Vercel's
 * `middleware.js`. The endpoint's path, the site's Plausible domain, the upstream and the answers'
 * headers are fixed in each copy.
 */
import { resolve } from "node:path";
import { build } from "rolldown";
import type { EventProxySettings } from "./handler";

export type EventProxyHost = keyof typeof WRAPPERS;

const ENTRY = "event-proxy-entry";
const here = import.meta.dirname;
const json = (value: unknown) => JSON.stringify(value);

/** Each host's wrapper of the handler, exported by `./<host>.ts`. */
const WRAPPERS = {
  cloudflare: "cloudflareWorker",
  netlify: "netlifyEdgeFunction",
  vercel: "vercelMiddleware",
} as const;

/**
 * The module each host loads: its wrapper, given the build's settings (the path among them: every
 * wrapper checks it, whatever the host's own routing), as the default export.
 */
function entrySource(host: EventProxyHost, settings: EventProxySettings): string {
  const wrapper = WRAPPERS[host];
  return `import { ${wrapper} } from ${json(resolve(here, `${host}.ts`))};
export default ${wrapper}(${json(settings)});
`;
}

/**
 * Where the host runs it, as the host reads it: Netlify's `config.path` and Vercel's
 * `config.matcher`, a literal `export const config` (Vercel reads it without running the module:
 * from a bundler's `export { config }` it reads nothing, and the middleware runs for every path).
 */
function configExport(host: EventProxyHost, path: string): string {
  if (host === "cloudflare") return "";
  // An identifier as the key: Vercel's reader takes a quoted "matcher" for another name.
  const key = host === "netlify" ? "path" : "matcher";
  return `export const config = { ${key}: ${json(path)} };\n`;
}

/** The host's file, as text: a comment naming where it comes from, then the bundle. */
export async function bundleEventProxy(
  host: EventProxyHost,
  settings: EventProxySettings,
): Promise<string> {
  const { path } = settings;
  const { output } = await build({
    input: ENTRY,
    write: false,
    platform: "neutral",
    logLevel: "silent",
    plugins: [
      {
        name: "event-proxy-entry",
        resolveId: (id) => (id === ENTRY ? id : null),
        load: (id) => (id === ENTRY ? entrySource(host, settings) : null),
      },
    ],
    output: { format: "esm", comments: false },
  });
  const [chunk] = output;
  if (output.length !== 1 || chunk?.type !== "chunk") {
    throw new Error(`The ${host} event proxy did not bundle into one module.`);
  }
  return `// The field signals' event proxy for ${host}, bundled by the build from
// scripts/build/event-proxy/ (docs/deploying.md): it forwards ${path} to the upstream.
${chunk.code}${configExport(host, path)}`;
}
