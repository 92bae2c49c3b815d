/**
 * Commit subjects of at most 72 characters (CONTRIBUTING.md, "Commits"). Two ways in:
 * - `--message <file>`: the message being written, from the commit-msg hook (.githooks/commit-msg);
 * - no argument: the commits since the last release tag, or the last 50, that carry this check
 *   (.ci/run, in CI).
 * Each subject over the limit is named in one line, and the run exits 1.
 * Run: npx tsx scripts/quality/commit-subjects.ts [--message <file>]
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

export const SUBJECT_LIMIT = 72;
/** How far back CI looks when no release tag is nearer. */
export const RECENT_COMMITS = 50;
/**
 * The file that carries the check: a commit without it was written before the check existed (or on
 * a branch begun before it came), where no hook could refuse its subject: those on main over 72
 * characters (up to 94) stay as written, and nothing needs moving as older branches merge in. Not
 * a recorded baseline commit, which main's later long subjects passed before the hook was merged;
 * not the merge base, which on main is the tip itself.
 */
export const CHECK_FILE = "scripts/quality/commit-subjects.ts";

type Git = (args: string[]) => string;

/** The subject of a commit message as git keeps it: the first line that is not a comment or blank. */
export function subjectOf(message: string): string {
  const lines = message.split("\n").map((line) => line.trimEnd());
  return lines.find((line) => line !== "" && !line.startsWith("#")) ?? "";
}

/** The subject's length in characters, as a reader counts them (not bytes: "ü" is one). */
export const subjectLength = (subject: string) => [...subject].length;

/** A line naming a subject over the limit, or none. */
export function overLimit(subject: string, where: string): string | undefined {
  const length = subjectLength(subject);
  if (length <= SUBJECT_LIMIT) return undefined;
  return `${where}: subject of ${length} characters, over ${SUBJECT_LIMIT}: ${subject}`;
}

/**
 * The commits CI checks, newest first: those since the last release tag (`v*`), or the last
 * RECENT_COMMITS, whichever the history has, that carry CHECK_FILE. In a shallow clone, those it has.
 */
export function commitsToCheck(git: Git, recent = RECENT_COMMITS): string[] {
  const tag = tryGit(git, ["describe", "--tags", "--abbrev=0", "--match", "v*", "HEAD"]);
  const range = tag
    ? ["rev-list", "HEAD", `^${tag}`]
    : ["rev-list", `--max-count=${recent}`, "HEAD"];
  return git(range)
    .split("\n")
    .filter(Boolean)
    .filter((commit) => tryGit(git, ["cat-file", "-e", `${commit}:${CHECK_FILE}`]) !== undefined);
}

function tryGit(git: Git, args: string[]): string | undefined {
  try {
    return git(args).trim();
  } catch {
    return undefined;
  }
}

/** The lines naming each commit in `commits` whose subject is over the limit. */
export function subjectsOverLimit(git: Git, commits: string[]): string[] {
  return commits.flatMap((commit) => {
    const line = overLimit(git(["log", "-1", "--format=%s", commit]).trim(), commit.slice(0, 7));
    return line ? [line] : [];
  });
}

/** git in `cwd`, its output as text. */
export const gitIn =
  (cwd: string): Git =>
  (args) =>
    execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const at = process.argv.indexOf("--message");
  const file = at >= 0 ? process.argv[at + 1] : undefined;
  let problems: string[];
  if (file) {
    const problem = overLimit(subjectOf(readFileSync(file, "utf8")), "commit-msg");
    problems = problem ? [problem] : [];
    if (problem)
      problems.push(
        "commit-msg: say the rest in the body (git commit --no-verify skips this check).",
      );
  } else {
    const git = gitIn(resolve(import.meta.dirname, "../.."));
    const commits = commitsToCheck(git);
    problems = subjectsOverLimit(git, commits);
    if (problems.length === 0) {
      console.log(
        `commit subjects: ${commits.length} checked, none over ${SUBJECT_LIMIT} characters`,
      );
    }
  }
  for (const line of problems) console.error(line);
  process.exitCode = problems.length > 0 ? 1 : 0;
}
