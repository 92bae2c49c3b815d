/**
 * The StaticContent guard's part of the server build (scripts/build/build.ts): every JSX element of
 * the server bundle is made through scripts/build/static-content-jsx-runtime.ts, which marks
 * controls and StaticContent parts; source maps let the marks name the source files. See
 * static-content-marks.ts.
 */
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const GUARD_RUNTIME = fileURLToPath(new URL("./static-content-jsx-runtime.ts", import.meta.url));
/** What a production build's JSX compiles to (a dev build would import react/jsx-dev-runtime). */
const JSX_RUNTIME = "react/jsx-runtime";

export function staticContentGuard(): Plugin {
  return {
    name: "bulwark:static-content-guard",
    enforce: "pre",
    resolveId(source, importer) {
      if (source !== JSX_RUNTIME || importer === GUARD_RUNTIME) return null;
      return GUARD_RUNTIME;
    },
  };
}
