/**
 * Turns places in a built bundle (`/…/dist-ssr/entry-server.js:128:9`) into places in the source
 * (`src/components/ui/button.tsx:56`) through the bundle's source maps; a place that is already
 * the source's only loses its column and the repository's folder. Used by
 * scripts/build/prerender.ts to name the file that put a control inside StaticContent.
 */
import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** A place in a stack trace: a bundle's, or already the source's where the runtime maps traces. */
const PLACE = /((?:file:\/\/)?\/[^\s()"]+):(\d+):(\d+)/g;

export function toSourcePlaces(text: string, root: string): string {
  const maps = new Map<string, SourceMap | undefined>();
  const mapOf = (file: string) => {
    if (!maps.has(file)) {
      const mapFile = `${file}.map`;
      maps.set(
        file,
        existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, "utf8"))) : undefined,
      );
    }
    return maps.get(file);
  };
  return text.replace(PLACE, (_place, url: string, line: string, column: string) => {
    const file = url.startsWith("file:") ? fileURLToPath(url) : url;
    const entry = mapOf(file)?.findEntry(Number(line) - 1, Number(column) - 1);
    if (!entry || !("originalSource" in entry)) return `${relative(root, file)}:${line}`;
    const source = resolve(dirname(file), entry.originalSource);
    return `${relative(root, source)}:${entry.originalLine + 1}`;
  });
}
