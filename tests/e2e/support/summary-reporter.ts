/** Ends the e2e run with one plain "e2e: N passed, N failed, N skipped" line for CI logs. */
import type { Reporter, TestCase } from "@playwright/test/reporter";

export default class SummaryReporter implements Reporter {
  private tests = new Set<TestCase>();

  onTestEnd(test: TestCase): void {
    this.tests.add(test);
  }

  onEnd(): void {
    // A test's outcome over all its attempts: "expected" includes a test.fail() that failed.
    const outcomes = [...this.tests].map((test) => test.outcome());
    const count = (...kinds: string[]) => outcomes.filter((kind) => kinds.includes(kind)).length;
    const passed = count("expected", "flaky");
    const failed = count("unexpected");
    const skipped = count("skipped");
    console.log(`e2e: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
