/**
 * The files static hosts read from dist/ and must never serve: `_headers` and `_redirects`
 * (Cloudflare Pages, Netlify), `vercel.json` and `.vercelignore` (Vercel, with dist/ as the
 * project's root). Written by scripts/build.ts; docs/deploying.md says which host reads which.
 */
import { notFoundPage } from "../src/site-paths";
import { type BuildSettings, netlifyHeadersFile, vercelConfig } from "./http-headers";

/**
 * A path no build ever writes: a `_redirects` rewrite to it makes the host answer with its
 * not-found page and status 404 (Cloudflare Pages accepts no 404 status in `_redirects`).
 */
const NOWHERE_PATH = "/.not-found";

/** The deploy files, by name, which a host that does not read them would serve as it serves a page. */
export const HOST_FILE_NAMES = ["_headers", "_redirects", "vercel.json", ".vercelignore"] as const;

type HostFileName = (typeof HOST_FILE_NAMES)[number];

/**
 * Cloudflare Pages and Netlify `_redirects`: the not-found page's own path and the files of the
 * other hosts answer 404. Cloudflare applies these rules before its files; Netlify only where no
 * file exists unless forced with `!`, which Cloudflare refuses (docs/deploying.md).
 */
function redirectsFile(): string {
  const hidden = [notFoundPage.path, ...HOST_FILE_NAMES.map((name) => `/${name}`)];
  return `${hidden.map((path) => `${path} ${NOWHERE_PATH} 200`).join("\n")}\n`;
}

/** Vercel uploads and serves every file of its project but these: the other hosts' files. */
function vercelIgnoreFile(): string {
  return `${HOST_FILE_NAMES.filter((name) => name !== "vercel.json" && name !== ".vercelignore").join("\n")}\n`;
}

export function hostFiles(settings: BuildSettings): Record<HostFileName, string> {
  return {
    _headers: netlifyHeadersFile(settings),
    _redirects: redirectsFile(),
    "vercel.json": vercelConfig(settings),
    ".vercelignore": vercelIgnoreFile(),
  };
}
