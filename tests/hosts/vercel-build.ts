/**
 * Vercel's own build of a built site: `vercel build` run offline in a copy of its dist/ (the
 * project's root on Vercel, docs/deploying.md) with a stub project file, for the specs to read its
 * routes (.vercel/output/config.json) and its public files.
 */
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

const VERCEL = resolve(import.meta.dirname, "node_modules/vercel/dist/vc.js");
/**
 * Without a linked project `vercel build` asks Vercel for the account's teams and, offline, exits 0
 * having built nothing: the stub links a project that needs no account.
 */
const PROJECT_STUB = {
  projectId: "prj_offline",
  orgId: "team_offline",
  settings: { framework: null },
};

export type Route = {
  src?: string;
  middlewarePath?: string;
  middlewareRawSrc?: string[];
  override?: boolean;
  status?: number;
  dest?: string;
  handle?: string;
  check?: boolean;
  headers?: Record<string, string>;
};
export type OutputConfig = { routes: Route[]; overrides?: Record<string, { path: string }> };

export type VercelBuild = {
  config: OutputConfig;
  /** Every file of the public output, relative to it. */
  publicFiles(): Promise<string[]>;
  /** A file of the build output (.vercel/output), by its path there. */
  outputFile(path: string): Promise<string>;
  remove(): Promise<void>;
};

/** Runs `vercel build` on a copy of `distDir`; remove() deletes the copy. */
export async function vercelBuild(distDir: string): Promise<VercelBuild> {
  const project = await mkdtemp(join(tmpdir(), "vercel-build-"));
  const remove = () => rm(project, { recursive: true, force: true });
  try {
    await cp(distDir, project, { recursive: true });
    await mkdir(join(project, ".vercel"));
    await writeFile(join(project, ".vercel/project.json"), JSON.stringify(PROJECT_STUB));
    await promisify(execFile)(process.execPath, [VERCEL, "build", "--yes"], {
      cwd: project,
      env: { ...process.env, VERCEL_TELEMETRY_DISABLED: "1", NO_UPDATE_NOTIFIER: "1" },
    });
    const config = JSON.parse(await readFile(join(project, ".vercel/output/config.json"), "utf8"));
    return {
      config,
      publicFiles: async () =>
        (await readdir(join(project, ".vercel/output/static"), { recursive: true })).map(String),
      outputFile: (path) => readFile(join(project, ".vercel/output", path), "utf8"),
      remove,
    };
  } catch (error) {
    await remove();
    throw error;
  }
}
