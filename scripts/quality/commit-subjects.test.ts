/**
 * The 72-character subject check: what a subject is (comments and blank lines aside), how it is
 * counted (characters, not bytes), and which commits CI checks: those after the baseline, within
 * the last release tag or the last 50, in a repository made for the test.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
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

/** A repository of its own, with `subjects` committed in order; returns git in it and the commits. */
function repository(subjects: string[]) {
  const folder = mkdtempSync(join(tmpdir(), "commit-subjects-"));
  folders.push(folder);
  const git = gitIn(folder);
  git(["init", "-q", "-b", "main"]);
  const commits = subjects.map((subject) => {
    execFileSync(
      "git",
      [
        "-c",
        "user.name=T",
        "-c",
        "user.email=t@example.com",
        "commit",
        "-q",
        "--allow-empty",
        "-m",
        subject,
      ],
      { cwd: folder, env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1" } },
    );
    return git(["rev-parse", "HEAD"]).trim();
  });
  return { git, commits };
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
  it("checks what came after the baseline only: a long subject before it is history", () => {
    const { git, commits } = repository([LONG, "chore: the baseline", "fix: short", LONG]);
    const [, baseline, short, long] = commits;
    const checked = commitsToCheck(git, baseline);
    expect(checked).toEqual([long, short]);
    expect(subjectsOverLimit(git, checked)).toEqual([
      `${long?.slice(0, 7)}: subject of ${LONG.length} characters, over 72: ${LONG}`,
    ]);
  });

  it("without a release tag, the recent ones (50 in CI); with one, what came after it", () => {
    const { git, commits } = repository(["chore: 1", "chore: 2", "chore: 3", "chore: 4"]);
    const noBaseline = "0".repeat(40);
    expect(commitsToCheck(git, noBaseline, 3)).toEqual(commits.slice(1).reverse());
    git(["tag", "v1.0.0", commits[2] ?? ""]);
    expect(commitsToCheck(git, noBaseline, 3)).toEqual([commits[3]]);
  });
});
