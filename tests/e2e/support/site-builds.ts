/**
 * The test stacks' site builds. Each runs in a process of its own, all at once: a build reads its
 * settings from the process's environment (scripts/build/build.ts), so two in one process would mix
 * them. Each build is kept under .e2e/builds/, keyed by everything it is made from (the tracked and
 * untracked files but the tests and the Markdown, the .env files, the installed packages, its mode, settings and
 * output folder, Node's version; the time the build stamps is one of its settings, SOURCE_DATE_EPOCH,
 * or else the day); a later stack in the same run
 * (the engines' local site) or the next `npm test` copies the build whose key matches instead of
 * building again. A key that changed while its build ran is not kept. Without git (no file list) every
 * build is made afresh. Run as a script by buildSites only.
 */
import { execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cp, mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { setOnlyExplicitSettings } from "./stack-settings";

const root = resolve(import.meta.dirname, "../../..");
const CACHE_DIR = resolve(root, ".e2e/builds");

const NOT_READ_BY_A_BUILD = /^tests\/|\.md$|\.test\.tsx?$/;

/** One site to build: its mode, every setting it is built with, and the folder it is built into. */
export type SiteBuild = { name: string; mode: string; env: Record<string, string>; outDir: string };

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** A hash of what every build reads from the working tree, or undefined without git. */
async function sourcesHash(): Promise<string | undefined> {
  let listed: string;
  try {
    const args = ["ls-files", "-z", "--cached", "--others", "--exclude-standard"];
    ({ stdout: listed } = await promisify(execFile)("git", args, {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
    }));
  } catch {
    return undefined;
  }
  // No build reads the tests or the Markdown; the .env files may be ignored by git, but Vite reads them.
  const envFiles = (await readdir(root)).filter((name) => name.startsWith(".env"));
  const files = [
    ...new Set([
      ...listed.split("\0").filter((path) => path && !NOT_READ_BY_A_BUILD.test(path)),
      ...envFiles,
      // What npm really installed, not only what the lockfile asks for.
      "node_modules/.package-lock.json",
    ]),
  ].sort();
  const hash = createHash("sha256");
  for (const file of files) {
    const text = await readFile(resolve(root, file)).catch(() => "(none)");
    hash.update(`${file}\0${text.length}\0`).update(text);
  }
  return hash.digest("hex");
}

function buildKey(build: SiteBuild, sources: string): string {
  const inputs = {
    sources,
    mode: build.mode,
    env: Object.entries(build.env).sort(([a], [b]) => a.localeCompare(b)),
    // The server bundle's source maps name files relative to it.
    outDir: resolve(build.outDir),
    nodeEnv: process.env.NODE_ENV ?? "",
    node: process.version,
    // The time the build stamps (the year, security.txt's expiry): its SOURCE_DATE_EPOCH, in `env`;
    // without it, now, so the day.
    ...(build.env.SOURCE_DATE_EPOCH ? {} : { day: new Date().toISOString().slice(0, 10) }),
  };
  return createHash("sha256").update(JSON.stringify(inputs)).digest("hex").slice(0, 24);
}

/** The cache folder's name for a build: one entry per output folder, the older ones replaced. */
function entryPrefix(build: SiteBuild): string {
  return `${build.outDir.slice(root.length + 1).replace(/[^\w.-]+/g, "_")}--`;
}

/** Builds the site in a child process with only its own settings in the environment. */
function buildInChild(build: SiteBuild): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", import.meta.filename, JSON.stringify(build)],
      { cwd: root, stdio: "inherit" },
    );
    child.on("error", fail);
    child.on("close", (code) =>
      code === 0 ? done() : fail(new Error(`the ${build.name} site's build exited with ${code}`)),
    );
  });
}

async function keep(build: SiteBuild, key: string): Promise<void> {
  const prefix = entryPrefix(build);
  const entry = resolve(CACHE_DIR, prefix + key);
  const partial = `${entry}.partial-${process.pid}`;
  await mkdir(CACHE_DIR, { recursive: true });
  await cp(build.outDir, partial, { recursive: true });
  await rename(partial, entry).catch(() => rm(partial, { recursive: true, force: true }));
  for (const name of await readdir(CACHE_DIR)) {
    if (name.startsWith(prefix) && name !== prefix + key) {
      await rm(resolve(CACHE_DIR, name), { recursive: true, force: true });
    }
  }
}

async function buildOrReuse(build: SiteBuild, sources: string | undefined): Promise<void> {
  const started = Date.now();
  const took = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  await rm(build.outDir, { recursive: true, force: true });
  const key = sources && buildKey(build, sources);
  const entry = key && resolve(CACHE_DIR, entryPrefix(build) + key);
  if (entry && (await exists(entry))) {
    await cp(entry, build.outDir, { recursive: true });
    console.log(
      `${build.name} site: the build of the same sources and settings reused (${took()})`,
    );
    return;
  }
  await buildInChild(build);
  console.log(`${build.name} site: built in ${took()}`);
  if (key && key === buildKey(build, (await sourcesHash()) ?? "")) await keep(build, key);
}

/** Builds (or reuses) every site at once; resolves when all are in their output folders. */
export async function buildSites(builds: readonly SiteBuild[]): Promise<void> {
  const sources = await sourcesHash();
  const results = await Promise.allSettled(builds.map((build) => buildOrReuse(build, sources)));
  const failed = results.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const build = JSON.parse(process.argv[2] ?? "{}") as SiteBuild;
  // Vite reads the process's environment before any .env file: only these settings are there.
  setOnlyExplicitSettings(build.env);
  // Imported here only: the stack that reuses every build never loads Vite.
  const { buildSite } = await import("../../../scripts/build/build");
  // Every test stack serves its sites and its emulator on 127.0.0.1: a production build here may
  // name them (docs/configuration.md, "Production builds on this machine").
  await buildSite({ mode: build.mode, outDir: build.outDir, localServices: true });
}
