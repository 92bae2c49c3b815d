/**
 * The tools only an occasional command needs, kept out of `npm install` (README, "Quick start"):
 * each lives in a folder with its own package.json and package-lock.json, installed there with
 * `npm ci --prefix <folder>` the first time its command runs, and again whenever its lockfile
 * changes. Its code is type-checked against them on every run (`tsc -p <folder>`), since
 * `npm run check` leaves these folders out (docs/testing.md, "On-demand tools").
 * Run: tsx scripts/quality/on-demand.ts <hosts|engines|blockers|mutation|bench|node24|node20>...
 * (the npm scripts do).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const root = resolve(import.meta.dirname, "../..");

/** Each tool's folder and the command that needs it. */
export const ON_DEMAND = {
  hosts: { dir: "tests/hosts", command: "npm run test:hosts" },
  engines: { dir: "tests/engines", command: "npm run test:engines" },
  blockers: { dir: "tests/blockers", command: "npm run test:blockers" },
  mutation: { dir: "tests/mutation", command: "npm run test:mutation" },
  bench: { dir: "scripts/bench", command: "npm run bench" },
  node24: { dir: "tests/node24", command: "bash .ci/run" },
  node20: { dir: "tests/node20", command: "npm run test:node20" },
} as const;
export type OnDemandTool = keyof typeof ON_DEMAND;

/** Written into the folder's node_modules after a good install: the lockfile it came from. */
const STAMP = "node_modules/.on-demand-lock";

function lockDigest(dir: string): string {
  return createHash("sha256")
    .update(readFileSync(resolve(root, dir, "package-lock.json")))
    .digest("hex");
}

/** Whether the folder's node_modules was installed from its current lockfile. */
export function isInstalled(tool: OnDemandTool): boolean {
  const { dir } = ON_DEMAND[tool];
  const stamp = resolve(root, dir, STAMP);
  return existsSync(stamp) && readFileSync(stamp, "utf8").trim() === lockDigest(dir);
}

/**
 * For the entry points a command runs after this script: a direct run without the install ends in
 * one line that says what to run, not in a module-not-found stack trace.
 */
export function exitUnlessInstalled(tool: OnDemandTool): void {
  if (isInstalled(tool)) return;
  const { dir, command } = ON_DEMAND[tool];
  console.error(
    `${dir} needs its own packages, not installed yet: run ${command} (it installs them).`,
  );
  process.exit(1);
}

function run(command: string, args: string[]): boolean {
  return spawnSync(command, args, { cwd: root, stdio: "inherit" }).status === 0;
}

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

function ensure(tool: OnDemandTool): void {
  const { dir } = ON_DEMAND[tool];
  if (!isInstalled(tool)) {
    console.log(`on-demand: installing ${dir}'s pinned packages (npm ci --prefix ${dir})`);
    // The folder's .npmrc keeps install scripts off, as the root's does.
    if (!run("npm", ["ci", "--prefix", dir, "--no-audit", "--no-fund"])) {
      fail(
        `on-demand: npm ci --prefix ${dir} failed (see above); ${tool} needs the npm registry once.`,
      );
    }
    writeFileSync(resolve(root, dir, STAMP), `${lockDigest(dir)}\n`);
  }
  if (!existsSync(resolve(root, dir, "tsconfig.json"))) return;
  const tsc = resolve(root, "node_modules/.bin/tsc");
  if (!run(tsc, ["--noEmit", "-p", dir])) {
    fail(`on-demand: ${dir} does not type-check against its packages (tsc -p ${dir}, above).`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !(name in ON_DEMAND));
  if (asked.length === 0 || unknown.length > 0) {
    fail(
      `Usage: tsx ${relative(process.cwd(), import.meta.filename)} <${Object.keys(ON_DEMAND).join("|")}>...`,
    );
  }
  for (const tool of asked as OnDemandTool[]) ensure(tool);
}
