/**
 * A clone explains itself: the documents name only files that exist, link only to documents and
 * headings that exist, every document is reachable from the README, and no comment points at a
 * document the repository does not hold. Run with the unit tests (npx vitest run
 * scripts/quality/repo-docs.test.ts).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, normalize, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { notFoundPage, sitePages } from "../../src/site-paths";
import { HOST_FILE_NAMES } from "../build/host-files";

const root = resolve(import.meta.dirname, "../..");
const SOURCE_FOLDERS = ["src", "emails", "server", "scripts", "tests"];
const SKIPPED = new Set(["generated", "node_modules"]);
/** Documents that live outside this repository: a comment naming one points nowhere. */
const OUTSIDE_DOCUMENTS = ["PRODUCT", "CONVENTIONS", "SPEC"].map((name) => `${name}.md`);
const BEHAVIOUR = "docs/behaviour.md";
/** The project's documents: the front door, the code map, docs/ and the references beside code. */
const DOCUMENTS = [
  "README.md",
  "ARCHITECTURE.md",
  ...readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => join("docs", name)),
  ...SOURCE_FOLDERS.flatMap(filesUnder).filter((file) => file.endsWith(".md")),
];
/** Made by builds and runs, never committed: a document may name them, a clone lacks them. */
const GENERATED = [
  "dist/",
  "dist-ssr/",
  ".outbox/",
  "reports/",
  ".e2e/",
  ".local-stack/",
  ".vercel/",
  ".netlify/",
  "emailjs-templates/",
  "src/generated/",
];

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
 * (`src/lib/`, `scripts/build/build.ts`) or a bare file name (`package.json`, `routes.ts`).
 */
function backtickedPaths(markdown: string): string[] {
  const words = [...markdown.matchAll(/`([^`\s]+)`/g)].map(([, word]) => word as string);
  return words.filter(
    (word) =>
      !word.startsWith("/") &&
      !word.startsWith("@") &&
      !word.includes("://") &&
      (/^[\w.@-]+\/[\w.@/-]*$/.test(word) || FILE_NAME.test(word)),
  );
}

/** What the build writes into dist/ and hosts read there: a document may name these bare. */
const BUILT_FILES = [
  ...[...sitePages, notFoundPage].map((page) => page.file),
  ...HOST_FILE_NAMES,
  "assets/",
];

/** A path exists from the root; a bare file name names a file at the root or in a source folder. */
function exists(path: string): boolean {
  if (GENERATED.some((folder) => path.startsWith(folder))) return true;
  if (BUILT_FILES.includes(path)) return true;
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
    expect(sourceFiles).toContain(join("src", "app", "start-up", "inline-loader.ts"));
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

  it("every path a document names exists", () => {
    const named = DOCUMENTS.flatMap((document) =>
      backtickedPaths(readFileSync(join(root, document), "utf8")).map((path) => ({
        document,
        path,
      })),
    );
    expect(named.filter(({ document }) => document === "ARCHITECTURE.md").length).toBeGreaterThan(
      20,
    );
    expect(named.filter(({ path }) => !exists(path))).toEqual([]);
  });

  it("every link between the documents reaches a file, and a heading where it names one", () => {
    const links = DOCUMENTS.flatMap((document) =>
      relativeLinks(readFileSync(join(root, document), "utf8")).map((link) => ({ document, link })),
    );
    expect(links.length).toBeGreaterThan(20);
    const broken = links.filter(({ document, link }) => {
      const [file = "", anchor] = link.split("#");
      const target = file === "" ? document : join(dirname(document), file);
      if (!existsSync(join(root, target))) return true;
      if (anchor === undefined || !target.endsWith(".md")) return false;
      return !headingAnchors(readFileSync(join(root, target), "utf8")).includes(anchor);
    });
    expect(broken).toEqual([]);
  });

  it("every document is linked from the README or from a document the README links", () => {
    const reached = new Set(["README.md"]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const document of [...reached]) {
        for (const link of relativeLinks(readFileSync(join(root, document), "utf8"))) {
          const file = link.split("#")[0] ?? "";
          const target = file === "" ? document : normalize(join(dirname(document), file));
          if (target.endsWith(".md") && existsSync(join(root, target)) && !reached.has(target)) {
            reached.add(target);
            grew = true;
          }
        }
      }
    }
    expect(DOCUMENTS.filter((document) => !reached.has(normalize(document)))).toEqual([]);
  });

  it("the README stays a front door: at most 150 lines", () => {
    const lines = readFileSync(join(root, "README.md"), "utf8").trimEnd().split("\n");
    expect(lines.length).toBeLessThanOrEqual(150);
  });
});

/** The targets of a Markdown text's links that stay in the repository (no scheme, no absolute path). */
function relativeLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target]) => target as string)
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith("/"));
}

/** GitHub's anchors for a Markdown text's headings: lower case, punctuation dropped, spaces to dashes. */
function headingAnchors(markdown: string): string[] {
  return [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) =>
    (heading as string)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-"),
  );
}

describe("backtickedPaths", () => {
  it("takes files and folders, not commands, routes, names or addresses", () => {
    const text =
      "`src/lib/` `scripts/build/build.ts` `package.json` `.ci/run` `npm test` `/success` " +
      "`StaticContent` `https://api.emailjs.com` `a b`";
    expect(backtickedPaths(text)).toEqual([
      "src/lib/",
      "scripts/build/build.ts",
      "package.json",
      ".ci/run",
    ]);
  });
});

describe("headingAnchors", () => {
  it("makes GitHub's anchors", () => {
    expect(
      headingAnchors(
        "# Other engines (`npm run test:engines`)\n### Anti-abuse, no CAPTCHA\n## EmailJS's limits",
      ),
    ).toEqual(["other-engines-npm-run-testengines", "anti-abuse-no-captcha", "emailjss-limits"]);
  });
});

describe("relativeLinks", () => {
  it("takes links inside the repository only", () => {
    expect(
      relativeLinks(
        "[a](docs/a.md#x) [b](https://x.io) [c](#here) [d](mailto:x@y.z) ![e](docs/i.png)",
      ),
    ).toEqual(["docs/a.md#x", "#here", "docs/i.png"]);
  });
});

describe("citedSections", () => {
  it("takes the first section name after each citation", () => {
    const text = `(docs/behaviour.md, "Visual rules") and docs/behaviour.md ("Trust file") keeps`;
    expect(citedSections(text)).toEqual(["Visual rules", "Trust file"]);
  });
});
