/**
 * docs/testing.md's "Writing a timing test" template cannot drift from the kit: its ```ts block is
 * compiled, as if it were a spec in tests/e2e/waitlist/, against the real tests/e2e/support/
 * modules with the repository's own compiler options, so a helper it names that does not exist
 * (or a call that no longer fits) fails here. It imports from tests/e2e/support/ only.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { API } from "typescript/unstable/sync";
import { expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const HEADING = "### Writing a timing test";

/** The first ```ts block of the section under HEADING in docs/testing.md. */
function template(): string {
  const doc = readFileSync(join(root, "docs/testing.md"), "utf8");
  const start = doc.indexOf(`\n${HEADING}\n`);
  expect(start, `docs/testing.md has a "${HEADING}" section`).toBeGreaterThan(-1);
  const section = doc.slice(start + HEADING.length + 2).split(/\n#{1,3} /)[0] ?? "";
  const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  expect(block, `a \`\`\`ts block under "${HEADING}"`).toBeDefined();
  return block ?? "";
}

it("the timing test template imports from tests/e2e/support/ only, and compiles against it", () => {
  const code = template();
  const sources = [...code.matchAll(/from "([^"]+)"/g)].map((match) => match[1]);
  expect(sources.length).toBeGreaterThan(0);
  expect(sources.filter((source) => !source?.startsWith("../support/"))).toEqual([]);

  // Served to the compiler from memory, beside the specs it stands for: nothing is written.
  const spec = join(root, "tests/e2e/waitlist/timing-template.spec.ts");
  const config = join(root, "tsconfig.timing-template.json");
  const files: Record<string, string> = {
    [spec]: code,
    [config]: JSON.stringify({ extends: "./tsconfig.json", files: [spec], include: [] }),
  };
  const api = new API({
    cwd: root,
    fs: {
      readFile: (name) => files[name],
      fileExists: (name) => (name in files ? true : undefined),
    },
  });
  try {
    const project = api.updateSnapshot({ openProjects: [config] }).getProject(config);
    expect(project?.rootFiles).toEqual([spec]);
    const diagnostics = [
      ...(project?.program.getSyntacticDiagnostics(spec) ?? []),
      ...(project?.program.getSemanticDiagnostics(spec) ?? []),
    ];
    const lineOf = (pos: number) => code.slice(0, pos).split("\n").length;
    expect(diagnostics.map((d) => `template line ${lineOf(d.pos)}: ${d.text}`)).toEqual([]);
  } finally {
    api.close();
  }
});
