/**
 * How the static hosts map a URL path to a file of dist/ (Cloudflare Pages, and Vercel with
 * `cleanUrls` and no trailing slash; Netlify's pretty URLs alike): `/name` serves `name.html` with no
 * redirect, `/name.html` and `/name/` redirect (308) to `/name`, `/` serves `index.html`, and the
 * deploy files and the not-found page are never served as files. The preview server follows it.
 */
import { HOST_FILE_NAMES } from "../scripts/build/host-files";

export type CleanUrlAnswer =
  | { kind: "file"; file: string }
  | { kind: "redirect"; location: string }
  | { kind: "notFound" };

const NOT_FOUND_FILE = "404.html";
const HIDDEN: ReadonlySet<string> = new Set([...HOST_FILE_NAMES, NOT_FOUND_FILE]);
const INDEX_FILE = "index.html";

/** `file` relative to dist/, without a leading slash; `isFile` says whether dist/ holds it. */
export async function answerFor(
  urlPath: string,
  isFile: (file: string) => Promise<boolean>,
): Promise<CleanUrlAnswer> {
  const servable = async (file: string) =>
    !file.split("/").some((part) => HIDDEN.has(part) || part === "..") && (await isFile(file));
  const page = async (path: string) => {
    const file = path === "/" ? INDEX_FILE : `${path.slice(1)}.html`;
    return (await servable(file)) ? file : undefined;
  };
  if (urlPath.length > 1 && urlPath.endsWith("/")) {
    const bare = urlPath.replace(/\/+$/, "") || "/";
    return (await page(bare)) ? { kind: "redirect", location: bare } : { kind: "notFound" };
  }
  if (urlPath.endsWith(".html")) {
    const bare = urlPath.slice(0, -".html".length).replace(/\/index$/, "/") || "/";
    if (!(await servable(urlPath.slice(1)))) return { kind: "notFound" };
    return { kind: "redirect", location: bare };
  }
  const asPage = await page(urlPath);
  if (asPage) return { kind: "file", file: asPage };
  if (await servable(urlPath.slice(1))) return { kind: "file", file: urlPath.slice(1) };
  return { kind: "notFound" };
}
