/**
 * The kit's template of a timing test is one real spec of the suite, so it cannot drift from the kit:
 * tsc checks it (npm run check) and Playwright runs it. Here: the kit's README names it, it imports
 * from tests/e2e/support/ only, it stays at most 30 lines as formatted, and docs/testing.md points
 * at it rather than holding a copy.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const read = (path: string) => readFileSync(join(root, path), "utf8");
const TEMPLATE = "tests/e2e/waitlist/cause-by-cause.spec.ts";
const MAX_LINES = 30;

it("the kit's README names the template, and docs/testing.md points there with no copy of its own", () => {
  expect(read("tests/e2e/support/README.md")).toContain(`\`${TEMPLATE}\``);
  const testing = read("docs/testing.md");
  expect(testing).toContain(TEMPLATE);
  expect(testing).not.toMatch(/```ts\n[\s\S]*?\btest\(/);
});

it(`the template is one test in at most ${MAX_LINES} lines, importing from tests/e2e/support/ only`, () => {
  const code = read(TEMPLATE);
  expect(code.trimEnd().split("\n").length).toBeLessThanOrEqual(MAX_LINES);
  expect(code.match(/^test\(/gm)).toHaveLength(1);
  const sources = [...code.matchAll(/from "([^"]+)"/g)].map((match) => match[1]);
  expect(sources.length).toBeGreaterThan(0);
  expect(sources.filter((source) => !source?.startsWith("../support/"))).toEqual([]);
});
