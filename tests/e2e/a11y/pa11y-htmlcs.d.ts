/**
 * The part of pa11y 9 the tests use (pa11y ships no types): its HTML_CodeSniffer runner, whose
 * scripts and page-side `run` tests/e2e/a11y/judges.ts injects into the test's own page.
 */
declare module "pa11y/lib/runners/htmlcs.js" {
  const runner: {
    /** The pa11y versions the runner supports (a semver range). */
    supports: string;
    /** Paths of the scripts the runner needs in the page (HTML_CodeSniffer's build). */
    scripts: string[];
    /** Runs in the page: HTML_CodeSniffer's issues on the document. */
    run(options: unknown): Promise<unknown>;
  };
  export default runner;
}

/** What pa11y's page-side code (lib/runner.js) puts on the page's `window`, once judges.ts injected it. */
interface Window {
  __pa11y: {
    /** Runs the runners named in `options` on the document: their issues, shaped by pa11y. */
    run(options: unknown): Promise<unknown>;
  };
}
