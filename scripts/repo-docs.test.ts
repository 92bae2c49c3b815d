/**
 * A clone explains itself: the code map names only files that exist, and no comment points at a
 * document the repository does not hold. Run with the unit tests (npx vitest run scripts/repo-docs.test.ts).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..");
const SOURCE_FOLDERS = ["src", "emails", "server", "scripts", "tests"];
const SKIPPED = new Set(["generated", "node_modules"]);
/** Documents that live outside this repository: a comment naming one points nowhere. */
const OUTSIDE_DOCUMENTS = ["PRODUCT", "CONVENTIONS", "SPEC"].map((name) => `${name}.md`);
const BEHAVIOUR = "docs/behaviour.md";

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : filesUnder(path);
    return [path];
  });
}

const sourceFiles = SOURCE_FOLDERS.flatMap(filesUnder);

const FILE_NAME = /^[\w.-]+\.(ts|tsx|mjs|json|jsonc|cjs|md|html|css|sh)$/;

/**
 * The backticked words of a Markdown text that name a file or folder of the repository: a path
 * (`src/lib/`, `scripts/build.ts`) or a bare file name (`package.json`, `routes.ts`).
 */
function backtickedPaths(markdown: string): string[] {
  const words = [...markdown.matchAll(/`([^`\s]+)`/g)].map(([, word]) => word as string);
  return words.filter(
    (word) =>
      !word.startsWith("/") &&
      !word.includes("://") &&
      (/^[\w.@-]+\/[\w.@/-]*$/.test(word) || FILE_NAME.test(word)),
  );
}

/** A path exists from the root; a bare file name names a file at the root or in a source folder. */
function exists(path: string): boolean {
  if (existsSync(join(root, path))) return true;
  return !path.includes("/") && sourceFiles.some((file) => basename(file) === path);
}

/** The section names a file cites, as in `docs/behaviour.md, "Visual rules"` or `docs/behaviour.md ("Trust file")`. */
function citedSections(text: string): string[] {
  return [...text.matchAll(/docs\/behaviour\.md[,\s(]+"([^"\n]+)"/g)].map(
    ([, name]) => name as string,
  );
}

describe("the repository's documents", () => {
  it("reads its sources", () => {
    expect(sourceFiles.length).toBeGreaterThan(100);
    expect(sourceFiles).toContain(join("src", "waitlist", "loader", "inline-loader.ts"));
  });

  it("no file in src/, server/, scripts/ or tests/ points at a document the repository does not hold", () => {
    const pointing = sourceFiles.flatMap((file) => {
      const text = readFileSync(join(root, file), "utf8");
      return OUTSIDE_DOCUMENTS.filter((name) => text.includes(name)).map(
        (name) => `${file}: ${name}`,
      );
    });
    expect(pointing).toEqual([]);
  });

  it("every section of docs/behaviour.md a file cites exists", () => {
    const headings = new Set(
      [...readFileSync(join(root, BEHAVIOUR), "utf8").matchAll(/^#{2,3} (.+)$/gm)].map(
        ([, h]) => h,
      ),
    );
    const citations = sourceFiles.flatMap((file) =>
      citedSections(readFileSync(join(root, file), "utf8")).map((name) => ({ file, name })),
    );
    expect(citations.length).toBeGreaterThan(10);
    expect(citations.filter(({ name }) => !headings.has(name))).toEqual([]);
  });

  it("every path ARCHITECTURE.md names exists", () => {
    const paths = backtickedPaths(readFileSync(join(root, "ARCHITECTURE.md"), "utf8"));
    expect(paths.length).toBeGreaterThan(20);
    const missing = paths.filter((path) => !exists(path));
    expect(missing).toEqual([]);
  });
});

describe("backtickedPaths", () => {
  it("takes files and folders, not commands, routes, names or addresses", () => {
    const text =
      "`src/lib/` `scripts/build.ts` `package.json` `.ci/run` `npm test` `/success` " +
      "`StaticContent` `https://api.emailjs.com` `a b`";
    expect(backtickedPaths(text)).toEqual([
      "src/lib/",
      "scripts/build.ts",
      "package.json",
      ".ci/run",
    ]);
  });
});

describe("citedSections", () => {
  it("takes the first section name after each citation", () => {
    const text = `(docs/behaviour.md, "Visual rules") and docs/behaviour.md ("Trust file") keeps`;
    expect(citedSections(text)).toEqual(["Visual rules", "Trust file"]);
  });
});
