/**
 * The two accessibility judges, run on the page a test has built: axe-core (through
 * @axe-core/playwright) and pa11y's HTML_CodeSniffer runner. No one tool finds every barrier, so
 * each view is judged by both, and built once for both.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import htmlcsRunner from "pa11y/lib/runners/htmlcs.js";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
/** axe's advice beyond WCAG too: `region` (all content inside a landmark) is the one that matters here. */
const BEST_PRACTICE_TAGS = [...WCAG_TAGS, "best-practice"];

const require = createRequire(import.meta.url);
const PA11Y_VERSION: string = require("pa11y/package.json").version;

/**
 * pa11y's own page-side code, as pa11y injects it into the page it opens (lib/pa11y.js,
 * loadRunnerScript): its issue shaping (lib/runner.js), then HTML_CodeSniffer and the htmlcs
 * runner. Here it is injected into the test's own page, so the state the test built is judged.
 */
const PA11Y_PAGE_SCRIPT = [
  readFileSync(require.resolve("pa11y/lib/runner.js"), "utf8"),
  ...htmlcsRunner.scripts.map((script) => readFileSync(script, "utf8")),
  `;window.__pa11y.runners.htmlcs = ${htmlcsRunner.run.toString()};`,
].join("\n;\n");

/** Every axe violation as its rule and the elements it names, so a failure reads as a to-do list. */
async function axeViolations(page: Page, tags: string[]) {
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
}

type Pa11yIssue = {
  code: string;
  type: "error" | "warning" | "notice";
  message: string;
  selector: string;
  context: string;
};

/**
 * pa11y's errors (htmlcs, WCAG2AA) on the page as it is now; warnings and notices are left to
 * people and only counted, in the test's output.
 */
async function pa11yErrors(page: Page, label: string) {
  const alreadyThere = await page.evaluate(() => "__pa11y" in window);
  if (!alreadyThere) await page.evaluate(PA11Y_PAGE_SCRIPT);
  const { issues } = await page.evaluate(
    (options) => window.__pa11y.run(options) as Promise<{ issues: Pa11yIssue[] }>,
    {
      pa11yVersion: PA11Y_VERSION,
      standard: "WCAG2AA",
      runners: ["htmlcs"],
      rules: [],
      ignore: [],
      hideElements: null,
      rootElement: null,
      levelCapWhenNeedsReview: "error",
      wait: 0,
    },
  );
  const count = (type: string) => issues.filter((issue) => issue.type === type).length;
  console.log(
    `pa11y ${label}: ${count("error")} errors, ${count("warning")} warnings, ${count("notice")} notices`,
  );
  return issues
    .filter((issue) => issue.type === "error")
    .map(({ code, message, selector, context }) => ({ code, message, selector, context }));
}

/**
 * Ends every finite animation and transition at once (the fades, the reveal, the map's three
 * pulses), so colour contrast is judged on the page as it rests, without waiting them out.
 */
async function settle(page: Page) {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
    }
  });
}

/**
 * Both judges on the page as the test left it: `{ axe, pa11y }`, each a list of what it found.
 * `bestPractice` adds axe's best-practice rules to WCAG's.
 */
export async function judge(page: Page, label: string, { bestPractice = false } = {}) {
  await settle(page);
  const axe = await axeViolations(page, bestPractice ? BEST_PRACTICE_TAGS : WCAG_TAGS);
  const pa11y = await pa11yErrors(page, label);
  return { axe, pa11y };
}
