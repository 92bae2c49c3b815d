/**
 * The ten slowest spec files and tests of a Playwright run, from its JSON report (each file's time
 * is the sum of its tests' times, so with several workers it is work, not wall time).
 * Run: npx playwright test --reporter=list,json (PLAYWRIGHT_JSON_OUTPUT_NAME=run.json), then
 * npx tsx scripts/quality/slowest-tests.ts run.json [count].
 */
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";

type Suite = {
  file: string;
  specs?: { title: string; tests: { results: { duration: number; status: string }[] }[] }[];
  suites?: Suite[];
};
export type TestTime = { file: string; title: string; ms: number; status: string };

/** Every test result in the report, in report order. */
export function testTimes(report: { suites: Suite[] }): TestTime[] {
  const walk = (suite: Suite): TestTime[] => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.flatMap((test) =>
        test.results.map(({ duration, status }) => ({
          file: suite.file,
          title: spec.title,
          ms: duration,
          status,
        })),
      ),
    ),
    ...(suite.suites ?? []).flatMap(walk),
  ];
  return report.suites.flatMap(walk);
}

/** The `count` largest totals per spec file, slowest first. */
export function slowestFiles(times: TestTime[], count = 10): [string, number][] {
  const totals = new Map<string, number>();
  for (const { file, ms } of times) totals.set(file, (totals.get(file) ?? 0) + ms);
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, count);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [path, count = "10"] = process.argv.slice(2);
  if (!path) {
    console.error(
      "Usage: npx tsx scripts/quality/slowest-tests.ts <playwright-report.json> [count]",
    );
    process.exit(1);
  }
  const report = JSON.parse(await readFile(path, "utf8")) as {
    suites: Suite[];
    stats: { duration: number; expected: number; unexpected: number };
  };
  const times = testTimes(report);
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
  const { duration, expected, unexpected } = report.stats;
  console.log(
    `${times.length} tests, ${expected} passed, ${unexpected} failed, ${s(duration)} wall`,
  );
  console.log("Slowest spec files (sum of their tests):");
  for (const [file, ms] of slowestFiles(times, Number(count))) console.log(`${s(ms)}  ${file}`);
  console.log("Slowest tests:");
  for (const { file, title, ms, status } of [...times]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, Number(count))) {
    console.log(`${s(ms)}  ${file} > ${title}${status === "passed" ? "" : ` (${status})`}`);
  }
}
