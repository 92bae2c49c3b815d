/**
 * Git's config changes only when asked: `npm run hooks` points core.hooksPath at .githooks,
 * `npm run hooks -- --off` unsets it, a path someone else set is left alone, and nothing
 * `npm run check` runs sets it. Each runs against a git repository of its own, never this clone's.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setHooks } from "./git-hooks";

const root = resolve(import.meta.dirname, "../..");
/** Only the repository's config counts: not the machine's, the user's or a shell's own. */
const ONLY_THE_REPOSITORY = {
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_COUNT: "0",
};

const folders: string[] = [];
const folder = () => {
  const made = mkdtempSync(join(tmpdir(), "git-hooks-"));
  folders.push(made);
  return made;
};
const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, ...ONLY_THE_REPOSITORY },
  }).trim();
const repository = () => {
  const made = folder();
  git(made, "init", "-q");
  return made;
};
/** core.hooksPath in a repository's config, "" when unset. */
const hooksPath = (repo: string) => {
  try {
    return git(repo, "config", "--get", "core.hooksPath");
  } catch {
    return "";
  }
};

beforeEach(() => {
  for (const [name, value] of Object.entries(ONLY_THE_REPOSITORY)) vi.stubEnv(name, value);
});
afterEach(() => {
  vi.unstubAllEnvs();
  for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true });
});

describe("setHooks", () => {
  it("sets core.hooksPath, says how to undo it, and --off unsets it", () => {
    const repo = repository();
    expect(setHooks(repo)).toEqual({
      said:
        "git hooks: core.hooksPath set to .githooks: each commit's subject is checked (at most 72 " +
        "characters); undo: npm run hooks -- --off",
      refused: false,
    });
    expect(hooksPath(repo)).toBe(".githooks");
    expect(setHooks(repo).said).toBe(
      "git hooks: core.hooksPath is already .githooks; undo: npm run hooks -- --off",
    );
    expect(setHooks(repo, { off: true })).toEqual({
      said: "git hooks: core.hooksPath unset: git runs the clone's own hooks (.git/hooks) again",
      refused: false,
    });
    expect(hooksPath(repo)).toBe("");
    expect(setHooks(repo, { off: true }).said).toBe(
      "git hooks: core.hooksPath is not set: nothing to undo",
    );
  });

  it("leaves a hooks path someone else set, either way, and says where the repository's are", () => {
    const repo = repository();
    git(repo, "config", "core.hooksPath", ".husky");
    expect(setHooks(repo)).toEqual({
      said: "git hooks: core.hooksPath is .husky, left as it is; the repository's are in .githooks/",
      refused: true,
    });
    expect(setHooks(repo, { off: true }).said).toBe(
      "git hooks: core.hooksPath is .husky, not ours: left as it is",
    );
    expect(hooksPath(repo)).toBe(".husky");
  });

  it("leaves hooks set for every repository (the user's global config) running", () => {
    const repo = repository();
    const global = join(folder(), "gitconfig");
    writeFileSync(global, "[core]\n\thooksPath = /company/hooks\n");
    vi.stubEnv("GIT_CONFIG_GLOBAL", global);
    expect(setHooks(repo)).toEqual({
      said: "git hooks: core.hooksPath is /company/hooks, left as it is; the repository's are in .githooks/",
      refused: true,
    });
    vi.stubEnv("GIT_CONFIG_GLOBAL", "/dev/null");
    expect(hooksPath(repo)).toBe("");
  });

  it("outside a work tree, or in a folder of another one, changes nothing and says so", () => {
    const outside = folder();
    expect(setHooks(outside)).toEqual({
      said: `git hooks: ${outside} is not the top of a git work tree: nothing changed`,
      refused: true,
    });
    const repo = repository();
    const inner = join(repo, "node_modules");
    mkdirSync(inner);
    expect(setHooks(inner).refused).toBe(true);
    expect(hooksPath(repo)).toBe("");
  });
});

/**
 * A command line of package.json's scripts, as `npm run` runs it (from the root, with
 * node_modules/.bin on the PATH), but with git pointed at `repo`'s config instead of this clone's:
 * GIT_DIR names its .git, GIT_WORK_TREE keeps the root as the work tree the scripts expect.
 */
function runAgainst(repo: string, command: string): void {
  const env = {
    ...process.env,
    ...ONLY_THE_REPOSITORY,
    GIT_DIR: join(repo, ".git"),
    GIT_WORK_TREE: root,
    PATH: `${join(root, "node_modules/.bin")}${delimiter}${process.env.PATH ?? ""}`,
  };
  execFileSync("sh", ["-c", command], { cwd: root, env, stdio: "ignore" });
}

const scripts = (
  JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  }
).scripts;

describe("package.json", () => {
  it("npm run hooks sets core.hooksPath, npm run hooks -- --off unsets it", () => {
    const repo = repository();
    runAgainst(repo, "npm run --silent hooks");
    expect(hooksPath(repo)).toBe(".githooks");
    runAgainst(repo, "npm run --silent hooks -- --off");
    expect(hooksPath(repo)).toBe("");
  });

  it("npm run check sets no git config: each of its commands that runs git or the repository's code leaves core.hooksPath unset", () => {
    const commands = (scripts.check ?? "").split("&&").map((command) => command.trim());
    // The repository's own scripts (tsx) and git itself can write git's config; the others are
    // the linters' own programs (Biome, tsc, dependency-cruiser, knip), which read the tree.
    const ours = commands.filter((command) => /^(tsx|node|git|sh|bash)\b/.test(command));
    const linters = commands.filter((command) => !ours.includes(command));
    expect(ours.length).toBeGreaterThan(0);
    for (const command of linters) {
      const program = command.split(" ")[0] ?? "";
      expect(existsSync(join(root, "node_modules/.bin", program)), command).toBe(true);
    }
    const repo = repository();
    for (const command of ours) {
      try {
        runAgainst(repo, command);
      } catch {
        // A check that fails here (this tree mid-change) still had its chance to write the config.
      }
    }
    expect(hooksPath(repo)).toBe("");
  });
});
