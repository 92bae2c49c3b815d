/**
 * `npm run preview`: serves the last build with the static server (server/preview-server.ts); run
 * it after a build (`-- --out-dir <folder>` serves the build of `npm run build -- --out-dir
 * <folder>`). Also the kit of the commands that serve or read a build (`npm start`,
 * `npm run screenshots`): find the build and its settings, take `--out-dir`, and end on a problem
 * the person fixes (no build, a busy port, an unknown option) with one line and exit code 1, no
 * stack trace.
 */
import { readFile, stat } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { BUILD_SETTINGS_FILE, type BuildSettings } from "../scripts/build/http-headers";
import { PortError, readPort } from "./ports";
import { DEFAULT_PREVIEW_PORT, startPreviewServer } from "./preview-server";

/** A build's output folder with no build in it: its message is the one line saying what to run first. */
export class NoBuildError extends Error {}

export async function readBuildSettings(buildDir: string): Promise<BuildSettings> {
  const path = resolve(buildDir, BUILD_SETTINGS_FILE);
  const text = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") throw noBuild(buildDir);
    throw error;
  });
  return JSON.parse(text) as BuildSettings;
}

function noBuild(buildDir: string): NoBuildError {
  const distDir = resolve(buildDir, "dist");
  const near = relative(process.cwd(), distDir);
  const where = near && !near.startsWith("..") ? near : distDir;
  return new NoBuildError(
    `No build to serve in ${where}/: run \`npm run build:local\` (for the local emulator) or \`npm run build\` first.`,
  );
}

/**
 * The build in `buildDir` (the folder `npm run build -- --out-dir` wrote): its dist/ and its
 * settings, or a NoBuildError when either is missing, before anything starts.
 */
export async function readBuild(buildDir: string) {
  const distDir = resolve(buildDir, "dist");
  const built = await stat(join(distDir, "index.html")).then(
    (file) => file.isFile(),
    () => false,
  );
  if (!built) throw noBuild(buildDir);
  return { distDir, settings: await readBuildSettings(buildDir) };
}

/** The build folder a command was given (`--out-dir`, as the build takes it), else the repository's. */
export function buildDirArgument(args: string[] = process.argv.slice(2)): string {
  const { values } = parseArgs({ args, options: { "out-dir": { type: "string" } } });
  return resolve(values["out-dir"] ?? resolve(import.meta.dirname, ".."));
}

/**
 * For a command's top level: a problem the person fixes (a busy port, no build, an unknown option)
 * is one line and exit code 1, no stack.
 */
export function exitOnOneLineError(error: unknown): never {
  const badArgument = (error as NodeJS.ErrnoException | undefined)?.code?.startsWith(
    "ERR_PARSE_ARGS",
  );
  if (!(error instanceof PortError || error instanceof NoBuildError || badArgument)) throw error;
  console.error((error as Error).message);
  process.exit(1);
}

async function main() {
  const port = readPort(process.env, "PORT", DEFAULT_PREVIEW_PORT);
  const { distDir, settings } = await readBuild(buildDirArgument());
  const preview = await startPreviewServer({ distDir, settings, port });
  console.log(`Bulwark site: ${preview.url}`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void preview.close().then(() => process.exit(0)));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  // A busy port is the person's setting to change, a missing build a command to run: one line each.
  await main().catch(exitOnOneLineError);
}
