/**
 * Code that runs inside the page under test, in any engine: find elements the way a visitor (and
 * a screen reader) does, by role and accessible name, and report what a journey asserts on.
 * Classic WebDriver has no accessibility queries, so this is a small subset of the ARIA role
 * mapping and of the accessible-name computation, enough for this site: explicit roles, the
 * implicit roles of the elements the site uses, aria-labelledby, aria-label, <label>, and
 * content for buttons, links and headings. Hidden elements (hidden, aria-hidden, display:none,
 * visibility:hidden) are never found, as in Playwright's getByRole.
 */

/** A name is matched exactly after collapsing white space, or by a pattern. */
type NameMatch = string | { pattern: string };

export type Query = {
  role: string;
  name?: NameMatch;
  /** For headings: the level (h1 = 1). */
  level?: number;
  within?: Query;
};

/** What a journey can read about the first element a query finds. */
export type ElementState = {
  count: number;
  name: string;
  text: string;
  value: string | null;
  invalid: string | null;
  expanded: string | null;
  controls: string | null;
  description: string;
  disabled: boolean;
  focused: boolean;
  top: number;
  bottom: number;
  viewportHeight: number;
};

export type PageOperation =
  | { op: "find"; query: Query }
  | { op: "inspect"; query: Query }
  | { op: "focus"; query: Query }
  | { op: "elementById"; id: string }
  | { op: "isDisplayed"; id: string }
  | { op: "scrollTo"; y: number }
  | { op: "url" }
  | { op: "hydrated" };

/**
 * Runs in the page. Self-contained on purpose: it is sent to the browser as source text, so it
 * may use nothing from this module's scope.
 */
export function inPage(operation: PageOperation): unknown {
  const norm = (text: string) => text.replace(/\s+/g, " ").trim();

  function isHidden(element: Element): boolean {
    for (let node: Element | null = element; node; node = node.parentElement) {
      if ((node as HTMLElement).hidden || node.getAttribute("aria-hidden") === "true") return true;
      if (getComputedStyle(node).display === "none") return true;
    }
    return getComputedStyle(element).visibility === "hidden";
  }

  function textOf(node: Node): string {
    if (node.nodeType === Node.TEXT_NODE) return (node as Text).data;
    if (node.nodeType !== Node.ELEMENT_NODE) return "";
    const element = node as HTMLElement;
    if (element.hidden || element.getAttribute("aria-hidden") === "true") return "";
    return Array.from(element.childNodes, textOf).join("");
  }

  function roleOf(element: Element): string | null {
    const explicit = element.getAttribute("role");
    if (explicit) return explicit.split(" ")[0] ?? null;
    const tag = element.localName;
    const named = element.hasAttribute("aria-label") || element.hasAttribute("aria-labelledby");
    if (/^h[1-6]$/.test(tag)) return "heading";
    if (tag === "button") return "button";
    if (tag === "a" && element.hasAttribute("href")) return "link";
    if (tag === "input") {
      const type = (element as HTMLInputElement).type;
      if (["email", "text", "search", "tel", "url"].includes(type)) return "textbox";
      if (["submit", "button", "reset"].includes(type)) return "button";
      return null;
    }
    if (tag === "textarea") return "textbox";
    if (tag === "nav") return "navigation";
    if (tag === "main") return "main";
    if (tag === "li") return "listitem";
    if (tag === "ul" || tag === "ol") return "list";
    if (tag === "form") return named ? "form" : null;
    if (tag === "section") return named ? "region" : null;
    if (tag === "header")
      return element.closest("article, aside, main, nav, section") ? null : "banner";
    return null;
  }

  function nameOf(element: Element): string {
    const labelledBy = element.getAttribute("aria-labelledby");
    if (labelledBy) {
      return norm(
        labelledBy
          .split(/\s+/)
          .map((id) => {
            const label = document.getElementById(id);
            return label ? textOf(label) : "";
          })
          .join(" "),
      );
    }
    const label = element.getAttribute("aria-label");
    if (label) return norm(label);
    const labels = (element as HTMLInputElement).labels;
    if (labels && labels.length > 0) return norm(Array.from(labels, textOf).join(" "));
    if (["button", "link", "heading"].includes(roleOf(element) ?? "")) return norm(textOf(element));
    return norm(element.getAttribute("title") ?? "");
  }

  function levelOf(element: Element): number | null {
    const aria = element.getAttribute("aria-level");
    if (aria) return Number(aria);
    const match = /^h([1-6])$/.exec(element.localName);
    return match ? Number(match[1]) : null;
  }

  function matches(element: Element, query: Query): boolean {
    if (roleOf(element) !== query.role || isHidden(element)) return false;
    if (query.level !== undefined && levelOf(element) !== query.level) return false;
    if (query.name === undefined) return true;
    const name = nameOf(element);
    return typeof query.name === "string"
      ? name === query.name
      : new RegExp(query.name.pattern).test(name);
  }

  function findAll(query: Query): Element[] {
    const scopes: ParentNode[] = query.within ? findAll(query.within) : [document];
    return scopes.flatMap((scope) =>
      Array.from(scope.querySelectorAll("*")).filter((element) => matches(element, query)),
    );
  }

  function describe(element: Element): string {
    const ids = element.getAttribute("aria-describedby");
    if (!ids) return "";
    return norm(
      ids
        .split(/\s+/)
        .map((id) => {
          const part = document.getElementById(id);
          return part ? textOf(part) : "";
        })
        .join(" "),
    );
  }

  switch (operation.op) {
    case "find":
      return findAll(operation.query)[0] ?? null;
    case "focus": {
      const element = findAll(operation.query)[0] as HTMLElement | undefined;
      element?.focus();
      return element !== undefined;
    }
    case "inspect": {
      const found = findAll(operation.query);
      const element = found[0];
      if (!element) return { count: 0 };
      const box = element.getBoundingClientRect();
      const state: ElementState = {
        count: found.length,
        name: nameOf(element),
        text: norm(textOf(element)),
        value: "value" in element ? String((element as HTMLInputElement).value) : null,
        invalid: element.getAttribute("aria-invalid"),
        expanded: element.getAttribute("aria-expanded"),
        controls: element.getAttribute("aria-controls"),
        description: describe(element),
        disabled:
          (element as HTMLButtonElement).disabled ||
          element.getAttribute("aria-disabled") === "true",
        focused: document.activeElement === element,
        top: box.top,
        bottom: box.bottom,
        viewportHeight: window.innerHeight,
      };
      return state;
    }
    case "elementById":
      return document.getElementById(operation.id);
    case "isDisplayed": {
      const element = document.getElementById(operation.id);
      return element !== null && !isHidden(element);
    }
    case "scrollTo":
      window.scrollTo({ top: operation.y, behavior: "instant" });
      return document.documentElement.scrollHeight;
    case "url":
      return location.href;
    case "hydrated":
      return document.documentElement.hasAttribute("data-hydrated");
  }
}

/**
 * Collects what a visitor's console would show as a problem, for engines whose driver reports no
 * console (WebKit over classic WebDriver): uncaught errors, unhandled rejections, CSP violations,
 * console.error and console.warn, plus console.log lines. Installed once per document.
 */
export function installProbe(): void {
  type Probe = { problems: string[]; logs: string[] };
  const host = window as unknown as { __engineProbe?: Probe };
  if (host.__engineProbe) return;
  const probe: Probe = { problems: [], logs: [] };
  host.__engineProbe = probe;
  const show = (value: unknown) =>
    value instanceof Error ? `${value.name}: ${value.message}` : String(value);
  window.addEventListener("error", (event) => {
    probe.problems.push(`uncaught: ${event.error ? show(event.error) : event.message}`);
  });
  window.addEventListener("unhandledrejection", (event) => {
    probe.problems.push(`unhandled rejection: ${show(event.reason)}`);
  });
  document.addEventListener("securitypolicyviolation", (event) => {
    probe.problems.push(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`);
  });
  const wrap = (level: "error" | "warn" | "log") => {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      const line = args.map(show).join(" ");
      if (level === "log") probe.logs.push(line);
      else probe.problems.push(`${level === "warn" ? "warning" : "error"}: ${line}`);
      original(...args);
    };
  };
  wrap("error");
  wrap("warn");
  wrap("log");
}

/** Reads what installProbe collected in the current document. */
export function readProbe(): { problems: string[]; logs: string[] } {
  const host = window as unknown as { __engineProbe?: { problems: string[]; logs: string[] } };
  return (
    host.__engineProbe ?? { problems: ["the error probe is missing from this document"], logs: [] }
  );
}

/**
 * installProbe as source text to put before a script's own code: the script gate prepends it to
 * every app script, so the probe is in place before any of the app's code runs.
 */
export function probePrelude(): string {
  return `var __name = (target) => target;\n(${installProbe.toString()})();\n`;
}

/**
 * Source text of an in-page function call, for a driver's execute-script. tsx (esbuild) may wrap
 * named functions in a `__name` helper that exists only in Node; the page gets a no-op one.
 */
export function pageScript(fn: (...args: never[]) => unknown, ...args: unknown[]): string {
  const call = `(${fn.toString()})(${args.map((arg) => JSON.stringify(arg)).join(", ")})`;
  return `var __name = (target) => target; return ${call};`;
}
