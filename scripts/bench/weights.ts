/**
 * What a page's scripts and CSS weigh as the server sends them: bodies only, asked of the server
 * itself in each encoding, since Lighthouse reports one transfer size with headers.
 */
import { gzipSync } from "node:zlib";

type Encoding = "br" | "gzip";
const encodedSizes = new Map<string, number>();

/** One body as the server sends it in `encoding` (each URL and encoding asked once). */
async function encodedSize(url: string, encoding: Encoding): Promise<number> {
  const key = `${encoding} ${url}`;
  let size = encodedSizes.get(key);
  if (size === undefined) {
    const response = await fetch(url, { headers: { "Accept-Encoding": encoding } });
    await response.arrayBuffer();
    if (response.headers.get("content-encoding") !== encoding) {
      throw new Error(`${url} was not served in ${encoding}`);
    }
    size = Number(response.headers.get("content-length"));
    encodedSizes.set(key, size);
  }
  return size;
}

/** What the scripts at `urls` weigh in brotli and in gzip, bodies only. */
export async function scriptBytes(urls: string[]): Promise<{ br: number; gzip: number }> {
  let br = 0;
  let gzip = 0;
  for (const url of new Set(urls)) {
    br += await encodedSize(url, "br");
    gzip += await encodedSize(url, "gzip");
  }
  return { br, gzip };
}

/** Lighthouse counts stylesheets only: CSS inlined in the HTML is weighed here, gzipped alone. */
export async function inlineCssBytes(url: string): Promise<number> {
  const html = await (await fetch(url)).text();
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1]);
  return styles.length > 0 ? gzipSync(styles.join("\n")).length : 0;
}
