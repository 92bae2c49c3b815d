/**
 * The per-file bars of mutation testing, after Stryker's overall one (stryker.config.mjs): the
 * inline loader, the early-submit keeper it carries and the form's hook, the most delicate code,
 * each at 80% or more. Reads Stryker's
 * JSON report. Run: npm run test:mutation (after `stryker run`).
 */
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const REPORT = resolve(import.meta.dirname, "../../reports/mutation/mutation.json");

/** Each file's bar, in percent. */
export const FILE_BARS: Record<string, number> = {
  "src/app/start-up/inline-loader.ts": 80,
  "src/waitlist/hand-over/keep-early-submits.ts": 80,
  "src/waitlist/ui/use-waitlist-signup.ts": 80,
};

type MutantStatus =
  | "Killed"
  | "Survived"
  | "NoCoverage"
  | "Timeout"
  | "CompileError"
  | "RuntimeError"
  | "Ignored"
  | "Pending";
type Report = { files: Record<string, { mutants: { status: MutantStatus }[] }> };

/** Stryker's mutation score: the share of valid mutants the tests detect (killed or timed out). */
export function mutationScore(statuses: MutantStatus[]): number {
  const detected = statuses.filter((s) => s === "Killed" || s === "Timeout").length;
  const undetected = statuses.filter((s) => s === "Survived" || s === "NoCoverage").length;
  return detected + undetected === 0 ? Number.NaN : (100 * detected) / (detected + undetected);
}

/** One line per file under its bar, or missing from the report (then it was not mutated at all). */
export function filesUnderBar(report: Report, bars: Record<string, number> = FILE_BARS): string[] {
  return Object.entries(bars).flatMap(([file, bar]) => {
    const mutants = report.files[file]?.mutants ?? [];
    const score = mutationScore(mutants.map((mutant) => mutant.status));
    if (Number.isNaN(score)) return [`${file}: no mutants in the report`];
    return score >= bar ? [] : [`${file}: ${score.toFixed(2)}% < ${bar}%`];
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const report = JSON.parse(await readFile(REPORT, "utf8")) as Report;
  for (const file of Object.keys(FILE_BARS)) {
    const statuses = (report.files[file]?.mutants ?? []).map((mutant) => mutant.status);
    console.log(`${file}: ${mutationScore(statuses).toFixed(2)}%`);
  }
  const under = filesUnderBar(report);
  if (under.length > 0) {
    console.error(`Mutation score under its bar:\n${under.join("\n")}`);
    process.exit(1);
  }
}
