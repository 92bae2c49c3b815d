/**
 * Bundles and minifies src/app/start-up/inline-loader.ts into the one inline <script> every page
 * carries (its hash goes into the CSP). Called by scripts/build/prerender.ts; fails the build if it
 * outgrows its budget.
 */
import { resolve } from "node:path";
import { build } from "rolldown";

/** The loader is in every page's first packet: docs/behaviour.md ("Signup before the app starts") keeps it under 1 KB. */
export const INLINE_LOADER_BUDGET_BYTES = 1024;

const root = resolve(import.meta.dirname, "../..");

export async function buildInlineLoader(): Promise<string> {
  const { output } = await build({
    input: resolve(root, "src/app/start-up/inline-loader.ts"),
    write: false,
    logLevel: "warn",
    output: { format: "iife", minify: true },
  });
  const [chunk, ...rest] = output;
  if (chunk?.type !== "chunk" || rest.length > 0) {
    throw new Error("The inline loader must bundle into exactly one script.");
  }
  const code = chunk.code.trim();
  const bytes = Buffer.byteLength(code);
  if (bytes > INLINE_LOADER_BUDGET_BYTES) {
    throw new Error(
      `The inline loader is ${bytes} bytes, over its ${INLINE_LOADER_BUDGET_BYTES}-byte budget.`,
    );
  }
  return code;
}
