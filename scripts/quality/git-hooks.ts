/**
 * Points this clone's git at the repository's own hooks (`.githooks/`: the commit-msg check of
 * CONTRIBUTING.md, "Commits") by setting core.hooksPath, only when asked; `--off` unsets it again.
 * Nothing else runs it: from then on every commit in the clone runs the hooks of whatever branch is
 * checked out, so whoever sets it decides that. A core.hooksPath someone else set, in the clone or
 * in the user's or the system's config, is left alone.
 * Run: npm run hooks (npm run hooks -- --off to undo)
 */
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const HOOKS_PATH = ".githooks";
const UNDO = "npm run hooks -- --off";

/** What `setHooks` did or refused, in one line, and whether it refused. */
type HooksResult = { said: string; refused: boolean };

/** Sets core.hooksPath to .githooks in the work tree at `root` (unsets it with `off`). */
export function setHooks(root: string, { off = false } = {}): HooksResult {
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  const done = (said: string) => ({ said: `git hooks: ${said}`, refused: false });
  const refused = (said: string) => ({ said: `git hooks: ${said}`, refused: true });
  let top = "";
  try {
    top = git("rev-parse", "--show-toplevel").trim();
  } catch {
    // no git, or not a work tree
  }
  if (top === "" || resolve(top) !== resolve(root)) {
    return refused(`${root} is not the top of a git work tree: nothing changed`);
  }
  let current = "";
  try {
    // Wherever it is set (this clone, the user's global or the system's config): hooks someone
    // else chose, for every repository, keep running.
    current = git("config", "--get", "core.hooksPath").trim();
  } catch {
    // unset: git exits 1
  }
  const write = (...args: string[]) => {
    try {
      git("config", ...args);
      return true;
    } catch {
      return false;
    }
  };
  if (off) {
    if (current === "") return done("core.hooksPath is not set: nothing to undo");
    if (current !== HOOKS_PATH) {
      return done(`core.hooksPath is ${current}, not ours: left as it is`);
    }
    return write("--unset", "core.hooksPath")
      ? done("core.hooksPath unset: git runs the clone's own hooks (.git/hooks) again")
      : refused("could not unset core.hooksPath (a read-only config?)");
  }
  if (current === HOOKS_PATH) return done(`core.hooksPath is already ${HOOKS_PATH}; undo: ${UNDO}`);
  if (current !== "") {
    return refused(
      `core.hooksPath is ${current}, left as it is; the repository's are in ${HOOKS_PATH}/`,
    );
  }
  return write("core.hooksPath", HOOKS_PATH)
    ? done(
        `core.hooksPath set to ${HOOKS_PATH}: each commit's subject is checked (at most 72 ` +
          `characters); undo: ${UNDO}`,
      )
    : refused(`could not set core.hooksPath (a read-only config?): ${HOOKS_PATH}/ not installed`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  let off = false;
  try {
    off = parseArgs({ options: { off: { type: "boolean" } } }).values.off === true;
  } catch {
    console.error(`git hooks: takes only --off: npm run hooks, or ${UNDO}`);
    process.exit(1);
  }
  const { said, refused } = setHooks(resolve(import.meta.dirname, "../.."), { off });
  console.log(said);
  if (refused) process.exitCode = 1;
}
