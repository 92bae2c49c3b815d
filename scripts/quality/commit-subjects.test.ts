/**
 * The 72-character subject check: what a subject is (comments and blank lines aside), how it is
 * counted (characters, not bytes), and which commits CI checks: those that carry the check, since
 * the last release tag or among the last 50, in a repository made for the test.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  CHECK_FILE,
  commitsToCheck,
  gitIn,
  overLimit,
  SUBJECT_LIMIT,
  subjectOf,
  subjectsOverLimit,
} from "./commit-subjects";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A repository of its own; `commit` adds a commit (with the check's file, once `carry` is set). */
function repository() {
  const folder = mkdtempSync(join(tmpdir(), "commit-subjects-"));
  folders.push(folder);
  const git = gitIn(folder);
  const as = ["-c", "user.name=T", "-c", "user.email=t@example.com"];
  git(["init", "-q", "-b", "main"]);
  const commit = (subject: string, carry = false) => {
    if (carry) {
      mkdirSync(join(folder, dirname(CHECK_FILE)), { recursive: true });
      writeFileSync(join(folder, CHECK_FILE), "// the check\n");
      git(["add", CHECK_FILE]);
    }
    git([...as, "commit", "-q", "--allow-empty", "-m", subject]);
    return git(["rev-parse", "HEAD"]).trim();
  };
  return { git, as, commit };
}

const LONG = `feat(site): ${"x".repeat(SUBJECT_LIMIT)}`;

describe("subjectOf", () => {
  it("is the first line that is neither blank nor one of git's comments", () => {
    expect(
      subjectOf("\n# Please enter the commit message\nfix(form): keep it\n\nThe body.\n"),
    ).toBe("fix(form): keep it");
  });
});

describe("overLimit", () => {
  it("passes 72 characters, counted as a reader counts them, and names 73", () => {
    const umlauts = `docs: ${"ü".repeat(SUBJECT_LIMIT - 6)}`;
    expect(Buffer.byteLength(umlauts)).toBeGreaterThan(SUBJECT_LIMIT);
    expect(overLimit(umlauts, "c")).toBeUndefined();
    expect(overLimit(`${umlauts}!`, "abc1234")).toBe(
      `abc1234: subject of 73 characters, over 72: ${umlauts}!`,
    );
  });
});

describe("commitsToCheck", () => {
  it("checks the commits that carry the check: a long subject written before it is history", () => {
    const { git, commit } = repository();
    commit(LONG);
    const check = commit("build: the subject check", true);
    const short = commit("fix: short");
    const long = commit(LONG);
    const checked = commitsToCheck(git);
    expect(checked).toEqual([long, short, check]);
    expect(subjectsOverLimit(git, checked)).toEqual([
      `${long.slice(0, 7)}: subject of ${LONG.length} characters, over 72: ${LONG}`,
    ]);
  });

  it("a branch begun before the check merges in unchecked; the merge itself is checked", () => {
    const { git, as, commit } = repository();
    const first = commit("chore: first");
    git(["switch", "-q", "-c", "older", first]);
    commit(LONG);
    git(["switch", "-q", "main"]);
    const check = commit("build: the subject check", true);
    git([...as, "merge", "-q", "--no-ff", "-m", "Merge older", "older"]);
    expect(commitsToCheck(git)).toEqual([git(["rev-parse", "HEAD"]).trim(), check]);
  });

  it("without a release tag, the recent ones (50 in CI); with one, what came after it", () => {
    const { git, commit } = repository();
    const commits = ["chore: 1", "chore: 2", "chore: 3", "chore: 4"].map((s) => commit(s, true));
    expect(commitsToCheck(git, 3)).toEqual(commits.slice(1).reverse());
    git(["tag", "v1.0.0", commits[2] ?? ""]);
    expect(commitsToCheck(git, 3)).toEqual([commits[3]]);
  });
});
