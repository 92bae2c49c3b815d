/**
 * Copy changes in its content file alone (docs/behaviour.md, "Fixed words"): no browser test types a
 * headline, a pitch, a card or any other words of src/content/ again; it reads them from there. The
 * fixed words, which the tests type once in tests/e2e/support/words.ts, are not copy.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import * as dashboard from "../../src/content/dashboard";
import * as features from "../../src/content/features";
import * as hero from "../../src/content/hero";
import * as pages from "../../src/content/pages";
import * as privacy from "../../src/content/privacy";
import * as seo from "../../src/content/seo";
import * as site from "../../src/content/site";
import * as solutions from "../../src/content/solutions";
import * as typoHint from "../../src/content/typo-hint";
import * as words from "../e2e/support/words";

const root = resolve(import.meta.dirname, "../..");
/** Where tests that read the site's words live: the browser tests (the dev-mode check among them), the engines' and the hosts'. */
const TEST_FOLDERS = ["tests/e2e", "tests/engines", "tests/hosts"];
const WORDS_FILE = "tests/e2e/support/words.ts";

/** Every string held by `value`, however deep. */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

/**
 * The pieces of copy a test could type: each string of the content (a `{value}` a setting fills
 * splits it), of two words or more and 8 characters at least (a lone word, "Secure", "$157K", is
 * too common to tell apart from a test's own), but the fixed words.
 */
function copyPieces(content: unknown, fixed: readonly string[]): string[] {
  const pieces = stringsOf(content)
    .flatMap((text) => text.split(/\{\w+\}/))
    .map((piece) => piece.trim())
    .filter((piece) => piece.includes(" ") && piece.length >= 8 && !fixed.includes(piece));
  return [...new Set(pieces)];
}

/** A source file without its comments: a comment may quote copy, a check may not. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|\s)\/\/.*$/gm, "$1");
}

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : filesUnder(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("copy in the tests", () => {
  const fixed = stringsOf(words);
  const pieces = copyPieces(
    // The email's own steps are behind a function: read here as the email reads them.
    [
      dashboard,
      features,
      hero,
      pages,
      pages.nextStepsInEmail(),
      privacy,
      seo,
      site,
      solutions,
      typoHint,
    ],
    fixed,
  );

  it("finds the content's copy", () => {
    expect(pieces.length).toBeGreaterThan(50);
    expect(pieces).toContain(hero.hero.pitch);
    expect(pieces).not.toContain(words.SUCCESS_HEADING);
  });

  it("no test types copy of src/content/ again", () => {
    const typed = TEST_FOLDERS.flatMap(filesUnder)
      .filter((file) => file !== WORDS_FILE)
      .flatMap((file) => {
        const code = withoutComments(readFileSync(join(root, file), "utf8"));
        return pieces.filter((piece) => code.includes(piece)).map((piece) => `${file}: ${piece}`);
      });
    expect(typed).toEqual([]);
  });
});

describe("copyPieces", () => {
  it("splits at a setting, keeps phrases, drops lone words and the fixed words", () => {
    const content = {
      a: "Until {value}. Then we delete it.",
      b: ["Secure", "Fraud Score"],
      c: "Thank You!",
    };
    expect(copyPieces(content, ["Thank You!"])).toEqual([". Then we delete it.", "Fraud Score"]);
  });
});

describe("withoutComments", () => {
  it("drops block and line comments, keeps strings with a URL", () => {
    expect(withoutComments('/** a "Headline" */\nconst x = "http://127.0.0.1"; // "Pitch"')).toBe(
      '\nconst x = "http://127.0.0.1"; ',
    );
  });
});
