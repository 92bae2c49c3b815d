/**
 * The paths of the site that the field signals' endpoint may not take (VITE_PLAUSIBLE_ENDPOINT
 * written as a path): the hosts forward that path to Plausible, and Cloudflare's worker takes it
 * over, so a page, the build's assets or a file the build writes there would be lost. The list comes
 * from what the build writes: the pages (src/site-paths.ts), the sharing files (src/content/seo.ts),
 * the hosts' files (host-files.ts), everything under /assets/ and every dot-path (/.well-known/,
 * Vite's /.vite/); after the build, build.ts checks dist/ itself (builtFileAt).
 */
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { seo } from "../../src/content/seo";
import { IMMUTABLE_PATH_PREFIX, notFoundPage, sitePages } from "../../src/site-paths";
import { UNBLOCKED_ENDPOINT_PATH } from "./blocked-endpoint";
import { HOST_FILE_NAMES } from "./host-files";

/**
 * A path every host's format takes literally: segments of letters, digits, `-`, `_`, `.` and `~`,
 * none only dots (no pattern, placeholder, query, percent-escape or space).
 */
const PLAIN_PATH = /^(\/(?!\.+(\/|$))[\w.~-]+)+$/;

/** A path as hosts match it: case aside (Netlify's rules ignore it), with no trailing slash. */
const matched = (path: string) => path.toLowerCase().replace(/(.)\/+$/, "$1");

/** Each path the build answers with a page or a file, and what it is. */
function writtenPaths(): Map<string, string> {
  const paths = new Map<string, string>();
  for (const page of [...sitePages, notFoundPage]) {
    paths.set(matched(page.path), `the ${page.path} page`);
    paths.set(matched(`/${page.file}`), `the ${page.path} page's file`);
  }
  const seoFiles = Object.values(seo.files).flatMap((file) =>
    typeof file === "string" ? [file] : Array.isArray(file) ? file.map((f) => f.path) : [file.path],
  );
  for (const path of seoFiles) paths.set(matched(path), `the file ${path}`);
  for (const name of HOST_FILE_NAMES) paths.set(matched(`/${name}`), `the hosts' file /${name}`);
  return paths;
}

const FIX = `Set it to a path of its own, such as ${UNBLOCKED_ENDPOINT_PATH} (or unset it).`;

/**
 * Why the endpoint path `value` (set, starting with `/`) cannot be the field signals', as one line
 * beginning "Build stopped:", or null.
 */
export function endpointPathFault(value: string): string | null {
  const is = `Build stopped: VITE_PLAUSIBLE_ENDPOINT is ${value.replace(/\s+/g, " ")}`;
  if (value.startsWith("//")) {
    return `${is}, a URL of another host without its scheme, not a path on the site. ${FIX}`;
  }
  const path = matched(value);
  const taken = (what: string) =>
    `${is}, ${what}: the hosts would forward it to Plausible instead of serving it (Cloudflare's ` +
    `worker takes the path over). ${FIX}`;
  const written = writtenPaths().get(path);
  if (written) return taken(written);
  const assets = matched(IMMUTABLE_PATH_PREFIX);
  if (path === assets || path.startsWith(`${assets}/`)) {
    return taken(`under ${IMMUTABLE_PATH_PREFIX}, where the build puts its scripts and styles`);
  }
  if (path.split("/").some((segment) => segment.startsWith("."))) {
    return taken("a dot-path, such as /.well-known/, which belongs to the build and the hosts");
  }
  if (!PLAIN_PATH.test(value)) {
    return (
      `${is}, not a plain path (segments of letters, digits, "-", "_", "." and "~"): the hosts' ` +
      `rules take it literally. ${FIX}`
    );
  }
  return null;
}

/** Whether dist/ holds a file a host would serve at `path` (itself, `.html` or `/index.html`). */
export async function builtFileAt(distDir: string, path: string): Promise<boolean> {
  const file = resolve(distDir, `.${path}`);
  const candidates = [file, `${file}.html`, resolve(file, "index.html")];
  for (const candidate of candidates) {
    if (
      await stat(candidate).then(
        () => true,
        () => false,
      )
    )
      return true;
  }
  return false;
}
