/**
 * The hooks' installer never fails a check: outside a work tree it does nothing, in one it points
 * core.hooksPath at .githooks once, and it leaves a path someone set alone.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HOOKS_PATH, installHooks } from "./git-hooks";

const folders: string[] = [];
const folder = () => {
  const made = mkdtempSync(join(tmpdir(), "git-hooks-"));
  folders.push(made);
  return made;
};
const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, { cwd, encoding: "utf8" }).trim();

beforeEach(() => {
  // A shell's own config (GIT_CONFIG_COUNT and its keys) is not the repository's.
  vi.stubEnv("GIT_CONFIG_COUNT", "0");
});
afterEach(() => {
  vi.unstubAllEnvs();
  for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true });
});

describe("installHooks", () => {
  it("outside a git work tree: nothing to do, nothing said", () => {
    expect(installHooks(folder())).toBe("");
  });

  it("in a work tree: sets core.hooksPath once, then says nothing", () => {
    const repository = folder();
    git(repository, "init", "-q");
    expect(installHooks(repository)).toMatch(/core.hooksPath set to \.githooks/);
    expect(git(repository, "config", "--get", "core.hooksPath")).toBe(HOOKS_PATH);
    expect(installHooks(repository)).toBe("");
  });

  it("leaves a hooks path someone else set, and says where the repository's are", () => {
    const repository = folder();
    git(repository, "init", "-q");
    git(repository, "config", "core.hooksPath", ".husky");
    expect(installHooks(repository)).toBe(
      "git hooks: core.hooksPath is .husky, left as it is; the repository's are in .githooks/",
    );
    expect(git(repository, "config", "--get", "core.hooksPath")).toBe(".husky");
  });

  it("in a folder of another repository (an install inside one): leaves it alone", () => {
    const repository = folder();
    git(repository, "init", "-q");
    const inner = join(repository, "node_modules");
    mkdirSync(inner);
    expect(installHooks(inner)).toBe("");
    expect(() => git(repository, "config", "--get", "core.hooksPath")).toThrow();
  });
});
