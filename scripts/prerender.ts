/**
 * Writes one HTML file per route (and 404.html) from the built client template and server bundle.
 * Called by scripts/build.ts after both Vite builds; not meant to be run alone.
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { notFoundRoute, type PrerenderRoute, routes } from "../src/app/routes";

type ServerEntry = {
  render: (route: PrerenderRoute, siteUrl: string) => { head: string; html: string };
};

export async function prerender({
  distDir,
  serverEntry,
  siteUrl,
}: {
  distDir: string;
  serverEntry: string;
  siteUrl: string;
}): Promise<string[]> {
  const templatePath = join(distDir, "index.html");
  const template = await readFile(templatePath, "utf8");
  const { render } = (await import(pathToFileURL(resolve(serverEntry)).href)) as ServerEntry;
  await rm(templatePath);
  const written: string[] = [];
  for (const route of [...routes, notFoundRoute]) {
    const { head, html } = render(route, siteUrl);
    const page = template.replace("<!--app-head-->", head).replace("<!--app-html-->", html);
    const file = join(distDir, route.file);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, page);
    written.push(route.file);
  }
  return written;
}
