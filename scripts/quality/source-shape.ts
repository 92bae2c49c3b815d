/**
 * Two rules of the site's source (src/, its tests aside), part of `npm run check`:
 * - No module-level `let` or `var` outside `MODULE_STATE_ALLOWED`: what a page keeps lives in
 *   objects made once at start-up (src/entry-client.tsx) and handed down, so a reader finds it in
 *   one place and a test makes its own (ARCHITECTURE.md, "State is handed down").
 * - No function over `MAX_FUNCTION_LINES` lines, and none over `MAX_STEP_LINES` in the files of the
 *   delivery's factories (`STEP_FILES`): each is a walk of named steps.
 * Prints each finding as file:line and exits 1 if there is any.
 * Run: npx tsx scripts/quality/source-shape.ts
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { parseSync } from "rolldown/utils";

/**
 * The module-level `let`s src/ keeps, by file, each with why it is not handed down. Short on
 * purpose: a new entry needs a reason no object made at start-up could carry the state.
 */
export const MODULE_STATE_ALLOWED: Readonly<Record<string, readonly string[]>> = {
  // The toast store, which `toast()` reaches from either root (the form's raises toasts, the
  // page's lazy toaster shows them): handed down from start-up, it measured 80 B more gzip on `/`,
  // whose JavaScript budget (scripts/bench/budgets.ts) has none to spare.
  "src/hooks/use-toast.ts": ["toasts", "nextId"],
  // The inline loader is a classic script of its own, run once per page before the app exists,
  // and under 1 KB: its one flag (started or not) is the page's by construction.
  "src/app/start-up/inline-loader.ts": ["start"],
  // A fact about the page, not the app's state: the visitor's first interaction, one promise of a
  // browser event (listened for from the first call) for whatever waits for it, in either root.
  "src/lib/after-first-interaction.ts": ["firstInteraction"],
  // The tooltips' skip window, which Radix's Provider would hold: each tooltip is a lazy chunk
  // hydrated on its own, so no Provider sits above them, and one in the app would put the
  // tooltips' code on the page's first load (src/components/inert-action.tsx).
  "src/components/ui/tooltip.tsx": ["skipDelay", "skipTimer"],
};

export const MAX_FUNCTION_LINES = 120;
export const MAX_STEP_LINES = 80;
/** The delivery's factories: their steps are held shorter still. */
export const STEP_FILES: readonly string[] = [
  "src/waitlist/core/delivery.ts",
  "src/waitlist/core/signup-record.ts",
  "src/waitlist/browser/recaptcha.ts",
];

type Node = { type: string; start: number; end: number; [field: string]: unknown };

export type Finding = { file: string; line: number; message: string };

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";

function parse(source: string, file: string): Node {
  const lang = file.endsWith(".tsx") ? "tsx" : "ts";
  const { program, errors } = parseSync(file, source, { lang });
  if (errors.length > 0) throw new Error(`${file}: ${errors[0]?.message}`);
  return program as unknown as Node;
}

/** The line (from 1) at `offset` in `source`. */
function lineAt(source: string, offset: number): number {
  let line = 1;
  for (let at = source.indexOf("\n"); at !== -1 && at < offset; at = source.indexOf("\n", at + 1)) {
    line++;
  }
  return line;
}

/** The names a module-level `let` or `var` declares, with its line, exported ones included. */
export function moduleLets(source: string, file: string): { name: string; line: number }[] {
  const found: { name: string; line: number }[] = [];
  for (const statement of parse(source, file).body as Node[]) {
    const declaration =
      statement.type === "ExportNamedDeclaration" ? statement.declaration : statement;
    if (!isNode(declaration) || declaration.type !== "VariableDeclaration") continue;
    if (declaration.kind !== "let" && declaration.kind !== "var") continue;
    for (const declarator of declaration.declarations as Node[]) {
      const id = declarator.id as Node & { name?: string };
      found.push({
        name: id.name ?? source.slice(id.start, id.end),
        line: lineAt(source, declarator.start),
      });
    }
  }
  return found;
}

const FUNCTIONS = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);

/** The name a function is known by where it is written: its own, its variable's or its key's. */
function nameOf(node: Node, parent: Node | undefined): string {
  const own = node.id as (Node & { name?: string }) | null | undefined;
  if (own?.name) return own.name;
  const key = (parent?.type === "VariableDeclarator" ? parent.id : parent?.key) as
    | (Node & { name?: string })
    | undefined;
  return key?.name ?? "(anonymous)";
}

/** Every function in `source`, nested ones too, with its name, first line and length in lines. */
export function functionLengths(
  source: string,
  file: string,
): { name: string; line: number; lines: number }[] {
  const found: { name: string; line: number; lines: number }[] = [];
  const visit = (node: Node, parent: Node | undefined) => {
    if (FUNCTIONS.has(node.type)) {
      const line = lineAt(source, node.start);
      found.push({ name: nameOf(node, parent), line, lines: lineAt(source, node.end) - line + 1 });
    }
    for (const value of Object.values(node)) {
      for (const child of Array.isArray(value) ? value : [value]) {
        if (isNode(child)) visit(child, node);
      }
    }
  };
  visit(parse(source, file), undefined);
  return found;
}

/** What is wrong with one file of src/ (`file` relative to the repository). */
export function findingsIn(source: string, file: string): Finding[] {
  const findings: Finding[] = [];
  const allowed = MODULE_STATE_ALLOWED[file] ?? [];
  for (const { name, line } of moduleLets(source, file)) {
    if (allowed.includes(name)) continue;
    findings.push({
      file,
      line,
      message: `module-level \`${name}\`: keep it in an object made at start-up and handed down`,
    });
  }
  const max = STEP_FILES.includes(file) ? MAX_STEP_LINES : MAX_FUNCTION_LINES;
  for (const { name, line, lines } of functionLengths(source, file)) {
    if (lines > max) {
      findings.push({ file, line, message: `${name} is ${lines} lines (at most ${max})` });
    }
  }
  return findings;
}

/** The allowlist's entries no file declares any more: each must go with its state. */
export function staleAllowances(declared: ReadonlyMap<string, readonly string[]>): Finding[] {
  return Object.entries(MODULE_STATE_ALLOWED).flatMap(([file, names]) =>
    names
      .filter((name) => !declared.get(file)?.includes(name))
      .map((name) => ({ file, line: 1, message: `allowed \`${name}\` is declared no more` })),
  );
}

/** The source files of src/, tests and type declarations aside, relative to `root`. */
function sourceFiles(root: string): string[] {
  return readdirSync(resolve(root, "src"), { recursive: true, encoding: "utf8" })
    .map((path) => join("src", path))
    .filter((path) => /\.tsx?$/.test(path) && !/\.(test|d)\.tsx?$/.test(path))
    .sort();
}

function main(): void {
  const root = resolve(import.meta.dirname, "../..");
  const findings: Finding[] = [];
  const declared = new Map<string, string[]>();
  const files = sourceFiles(root);
  for (const file of files) {
    const source = readFileSync(resolve(root, file), "utf8");
    findings.push(...findingsIn(source, file));
    declared.set(
      file,
      moduleLets(source, file).map(({ name }) => name),
    );
  }
  findings.push(...staleAllowances(declared));
  for (const { file, line, message } of findings)
    console.error(`${relative(root, resolve(root, file))}:${line}: ${message}`);
  if (findings.length > 0) process.exit(1);
  console.log(`source shape: ${files.length} files of src/, no findings.`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
