/** The part of pa11y 9's API the tests use (pa11y ships no types). */
declare module "pa11y" {
  type Issue = {
    code: string;
    type: "error" | "warning" | "notice";
    typeCode: number;
    message: string;
    context: string;
    selector: string;
    runner: string;
  };
  type Options = {
    standard?: "WCAG2A" | "WCAG2AA" | "WCAG2AAA";
    runners?: string[];
    includeWarnings?: boolean;
    includeNotices?: boolean;
    viewport?: { width: number; height: number };
    timeout?: number;
    wait?: number;
    actions?: string[];
    chromeLaunchConfig?: { executablePath?: string; args?: string[] };
  };
  export default function pa11y(
    url: string,
    options?: Options,
  ): Promise<{ documentTitle: string; pageUrl: string; issues: Issue[] }>;
}
