/**
 * Points git at the repository's own hooks (`.githooks/`: the commit-msg check of
 * CONTRIBUTING.md, "Commits") by setting core.hooksPath, once, from `npm run check` (npm ci runs
 * no scripts here: .npmrc's ignore-scripts). Never fails a check: without git, outside a work tree
 * (a tarball, CI without .git), with the config read-only or core.hooksPath already set to
 * something else, it leaves things as they are and at most says so in one line.
 * Run: npx tsx scripts/quality/git-hooks.ts
 */
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

export const HOOKS_PATH = ".githooks";

/** What `installHooks` did, in one line for the check's output ("" when there is nothing to say). */
export function installHooks(root: string): string {
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  let top: string;
  try {
    top = git("rev-parse", "--show-toplevel").trim();
  } catch {
    return ""; // no git, or not a work tree: nothing to install into
  }
  if (resolve(top) !== resolve(root)) return "";
  let current = "";
  try {
    current = git("config", "--get", "core.hooksPath").trim();
  } catch {
    // unset: git exits 1
  }
  if (current === HOOKS_PATH) return "";
  if (current !== "") {
    return `git hooks: core.hooksPath is ${current}, left as it is; the repository's are in ${HOOKS_PATH}/`;
  }
  try {
    git("config", "core.hooksPath", HOOKS_PATH);
    return `git hooks: core.hooksPath set to ${HOOKS_PATH} (commit subjects of at most 72 characters)`;
  } catch {
    return `git hooks: could not set core.hooksPath (a read-only config?): ${HOOKS_PATH}/ not installed`;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const said = installHooks(resolve(import.meta.dirname, "../.."));
  if (said) console.log(said);
}
