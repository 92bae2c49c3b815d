/**
 * Ends the e2e run with one plain "e2e: N passed, N failed, N skipped" line for CI logs, after a
 * line for each failed test with its error's first line, so a log's end names what failed.
 */
import { stripVTControlCharacters } from "node:util";
import type { Reporter, TestCase } from "@playwright/test/reporter";

export default class SummaryReporter implements Reporter {
  private tests = new Set<TestCase>();

  onTestEnd(test: TestCase): void {
    this.tests.add(test);
  }

  onEnd(): void {
    for (const test of this.tests) {
      if (test.outcome() === "unexpected") console.log(`e2e failed: ${describeFailure(test)}`);
    }
    // A test's outcome over all its attempts: "expected" includes a test.fail() that failed.
    const outcomes = [...this.tests].map((test) => test.outcome());
    const count = (...kinds: string[]) => outcomes.filter((kind) => kinds.includes(kind)).length;
    const passed = count("expected", "flaky");
    const failed = count("unexpected");
    const skipped = count("skipped");
    console.log(`e2e: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}

/** "project › file › title: the error's first line", without colour codes. */
function describeFailure(test: TestCase): string {
  const message = stripVTControlCharacters(test.results.at(-1)?.error?.message ?? "");
  return `${test.titlePath().filter(Boolean).join(" › ")}: ${message.split("\n")[0]}`;
}
