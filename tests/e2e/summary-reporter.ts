/** Ends the e2e run with one plain "e2e: N passed, N failed, N skipped" line for CI logs. */
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

export default class SummaryReporter implements Reporter {
  private counts = { passed: 0, failed: 0, skipped: 0 };

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.retry < test.retries && result.status !== "passed") return;
    if (result.status === "passed") this.counts.passed += 1;
    else if (result.status === "skipped") this.counts.skipped += 1;
    else this.counts.failed += 1;
  }

  onEnd(_result: FullResult): void {
    const { passed, failed, skipped } = this.counts;
    console.log(`e2e: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
