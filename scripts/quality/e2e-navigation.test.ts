/**
 * Every page a browser test opens is ready as a visitor's first click needs it: the kit leaves
 * Playwright's `page.goto` and `page.reload` as they are (they resolve at `load`, before the app is
 * live), so a spec opens and reloads the app with tests/e2e/support/tabs.ts's `gotoApp` and
 * `reloadApp`, and a bare `goto` or `reload` says with `waitUntil` the point it means (a page opened
 * before its app is live, a page that is no app). This fails on any other.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
/** The browser tests that use the kit. */
const FOLDERS = ["tests/e2e", "tests/hosts"];
/** Where the kit's own navigation lives. */
const NAVIGATION_HELPERS = "tests/e2e/support/tabs.ts";

function tsFilesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts") && !name.includes("node_modules"))
    .map((name) => join(folder, name));
}

/** The text of the call's arguments from `open` (the index of its "("), to its closing parenthesis. */
function argumentsAt(source: string, open: number): string {
  let depth = 0;
  for (let index = open; index < source.length; index++) {
    if (source[index] === "(") depth++;
    if (source[index] === ")" && --depth === 0) return source.slice(open + 1, index);
  }
  return source.slice(open + 1);
}

it("specs open and reload the app with gotoApp and reloadApp, or name a waitUntil", () => {
  const bare: string[] = [];
  for (const file of FOLDERS.flatMap(tsFilesUnder)) {
    if (relative(root, join(root, file)) === NAVIGATION_HELPERS) continue;
    const source = readFileSync(join(root, file), "utf8");
    for (const call of source.matchAll(/\.(goto|reload)\(/g)) {
      const args = argumentsAt(source, (call.index ?? 0) + call[0].length - 1);
      if (args.includes("waitUntil")) continue;
      const line = source.slice(0, call.index).split("\n").length;
      bare.push(`${file}:${line}: .${call[1]}(${args})`);
    }
  }
  expect(bare, "use gotoApp or reloadApp (tests/e2e/support/tabs.ts), or pass a waitUntil").toEqual(
    [],
  );
});
