/**
 * What the build's StaticContent guard looks for. A part inside StaticContent is written by the
 * prerender and never hydrated, so a control there renders and is dead: an element with an event
 * handler, a form control, or a lazily loaded part. The server bundle's JSX runtime
 * (scripts/build/static-content-jsx-runtime.ts) marks such elements, and each StaticContent, with
 * the source file that wrote them; scripts/build/prerender.ts reads the marks in each page, stops
 * the build on a control inside a StaticContent, and removes the marks. A `<details>` without
 * handlers is fine.
 */

/** On the element of each StaticContent: the file and line that wrote it. */
export const STATIC_CONTENT_MARK = "data-static-content";
/** On an element that needs the browser: what it is (`<button>`, `onClick`) and where it was written. */
export const CONTROL_MARK = "data-static-control";

const FORM_CONTROLS = new Set(["input", "select", "textarea", "button"]);
const HANDLER = /^on[A-Z]/;

/** Why a host element needs the browser, if it does: its form control tag and its event handlers. */
export function controlsOf(tag: string, props: Record<string, unknown>): string[] {
  const found = FORM_CONTROLS.has(tag) ? [`<${tag}>`] : [];
  for (const [name, value] of Object.entries(props)) {
    if (HANDLER.test(name) && typeof value === "function") found.push(name);
  }
  return found;
}

const MARKED_START_TAG = new RegExp(
  `<([a-z][a-z0-9-]*)\\b[^>]*\\s${STATIC_CONTENT_MARK}="([^"]*)"[^>]*>`,
  "g",
);
const CONTROL = new RegExp(`\\s${CONTROL_MARK}="([^"]*)"`, "g");
/** React writes a Suspense boundary, the shell of every lazily loaded part, as `<!--$-->`…`<!--/$-->`. */
const SUSPENSE_BOUNDARY = "<!--$";

const ENTITIES: Record<string, string> = {
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#x27;": "'",
  "&amp;": "&",
};

/** An attribute's value as written, from React's escaped markup. */
function unescaped(value: string): string {
  return value.replace(/&(?:lt|gt|quot|#x27|amp);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** The markup inside the element whose start tag ends at `from`, up to its matching end tag. */
function contentOf(html: string, tag: string, from: number): string {
  const tags = new RegExp(`<(/?)${tag}(?=[\\s>/])[^>]*>`, "g");
  tags.lastIndex = from;
  let depth = 1;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) return html.slice(from, match.index);
  }
  return html.slice(from);
}

/** One line per control found inside a StaticContent of the page. */
export function staticContentFaults(html: string): string[] {
  const faults = new Set<string>();
  for (const match of html.matchAll(MARKED_START_TAG)) {
    const [startTag, tag = "", where = ""] = match;
    const inside = contentOf(html, tag, (match.index ?? 0) + startTag.length);
    for (const [, control = ""] of inside.matchAll(CONTROL)) {
      faults.add(`StaticContent (${unescaped(where)}) holds ${unescaped(control)}`);
    }
    if (inside.includes(SUSPENSE_BOUNDARY)) {
      faults.add(
        `StaticContent (${unescaped(where)}) holds a lazily loaded part (a Suspense boundary)`,
      );
    }
  }
  return [...faults];
}

/** The page as the browser gets it: without the guard's marks. */
export function withoutMarks(html: string): string {
  return html.replace(new RegExp(`\\s(?:${STATIC_CONTENT_MARK}|${CONTROL_MARK})="[^"]*"`, "g"), "");
}
