/**
 * Every count and port a document states is the code's: each is read from where the code keeps it
 * (the test runs' ports, the stack's sites, the packages npm installs, the smoke's specs, the
 * engines' journeys, the load test's scenarios, the screenshots' widths, the default ports) and
 * compared with each place a document says it. A count of those kinds the documents state and
 * nothing here checks fails too, unless it is a measurement of something outside the repository
 * (MEASURED). Docs once said 180 browser tests (there were 222) and twelve ports (thirteen): the
 * first is no longer stated, the second is checked here.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_PREVIEW_PORT } from "../../server/preview-server";
import { STACK_SITES } from "../../tests/e2e/support/spec-sites";
import { DEFAULT_PORT_BASE, PORT_OFFSETS } from "../../tests/e2e/support/stack-ports";
import { journeys } from "../../tests/engines/journeys";
import { loadPlans } from "../../tests/load/scenarios";

const root = resolve(import.meta.dirname, "../..");
const read = (path: string) => readFileSync(join(root, path), "utf8");

const WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
];
/** A count as a document writes it: a word up to fifteen, digits beyond (or anywhere). */
const NUMBER = `(\\d[\\d,]*|${WORDS.join("|")})`;
const countOf = (written: string) =>
  WORDS.includes(written) ? WORDS.indexOf(written) : Number(written.replaceAll(",", ""));

/** A number in a file of code, by the pattern that holds it (its one capture). */
function inCode(path: string, pattern: RegExp): number {
  const found = pattern.exec(read(path))?.[1];
  if (found === undefined) throw new Error(`${path} no longer matches ${pattern}`);
  return Number(found);
}

const scenarios = loadPlans.full.scenarios.length;
const installed = Object.keys(
  (JSON.parse(read("node_modules/.package-lock.json")) as { packages: object }).packages,
).filter((path) => path.startsWith("node_modules/")).length;

/**
 * Each figure: where the code keeps it, and each phrase a document states it in (`{n}` the
 * number). Every phrase must still be found, so a reworded sentence is checked again, not lost.
 */
const FIGURES: { what: string; actual: number; said: [string, string][] }[] = [
  {
    what: "the test runs' ports (PORT_OFFSETS)",
    actual: Object.keys(PORT_OFFSETS).length,
    said: [
      ["docs/testing.md", "listen on {n} ports from `E2E_PORT_BASE`"],
      ["docs/testing.md", "any free range of {n} ports"],
      ["docs/configuration.md", "First of the {n} ports the test runs use"],
    ],
  },
  {
    what: "the e2e stack's sites",
    actual: STACK_SITES.length,
    said: [
      ["README.md", "against {n} built sites"],
      ["docs/testing.md", "Playwright against {n} built sites"],
      ["docs/testing.md", "(Playwright) against {n} built sites"],
      ["docs/testing.md", "the {n} sites and two emulators of the e2e stack"],
      ["docs/testing.md", "it builds all {n}"],
      ["tests/README.md", "against {n} built sites"],
      ["tests/e2e/support/README.md", "(all {n} without a filter)"],
    ],
  },
  {
    what: "the packages npm installs (node_modules/.package-lock.json)",
    actual: installed,
    said: [["README.md", "{n} packages, about"]],
  },
  {
    what: "the browser specs of the Node 20 smoke (scripts/quality/node20-smoke.sh)",
    actual:
      read("scripts/quality/node20-smoke.sh").match(/tests\/e2e\/\S+\.spec\.ts/g)?.length ?? 0,
    said: [["docs/testing.md", "every unit test and {n} browser specs on Node 20"]],
  },
  {
    what: "the engines' journeys (tests/engines/journeys.ts)",
    actual: journeys.length,
    said: [["docs/testing.md", "engines: firefox {n} passed, webkit {n} passed"]],
  },
  {
    what: "the load test's scenarios",
    actual: scenarios,
    said: [["docs/testing.md", "plays the same {n} scenarios"]],
  },
  {
    what: "the load test's ports: its site, then an emulator per scenario",
    actual: scenarios + 1,
    said: [["docs/configuration.md", "First of the {n} ports `npm run test:load` uses"]],
  },
  {
    what: "the screenshots' widths (scripts/local/screenshots.ts)",
    actual:
      /const WIDTHS = \[([^\]]*)\]/.exec(read("scripts/local/screenshots.ts"))?.[1]?.split(",")
        .length ?? 0,
    said: [
      ["README.md", "pages at {n} widths"],
      ["scripts/README.md", "the built pages at {n} widths"],
    ],
  },
  {
    what: "the port of npm start and npm run preview",
    actual: DEFAULT_PREVIEW_PORT,
    said: [
      ["README.md", "serves it on http://127.0.0.1:{n}"],
      ["README.md", "`PORT` ({n})"],
      ["docs/configuration.md", "| `PORT` | no | `{n}` /"],
    ],
  },
  {
    what: "npm start's own default port (scripts/local/start.ts)",
    actual: inCode("scripts/local/start.ts", /sitePort\((\d+)\)/),
    said: [["README.md", "serves it on http://127.0.0.1:{n}"]],
  },
  {
    what: "the port of npm run dev (scripts/local/dev.ts)",
    actual: inCode("scripts/local/dev.ts", /sitePort\((\d+)\)/),
    said: [
      ["README.md", "hot reload (http://127.0.0.1:{n})"],
      ["docs/configuration.md", "/ `{n}` | Port of `npm start`"],
    ],
  },
  {
    what: "the emulator's port (.env.emulator)",
    actual: inCode(".env.emulator", /^EMULATOR_PORT=(\d+)$/m),
    said: [
      ["README.md", "(http://127.0.0.1:{n}/inbox)"],
      ["README.md", "`EMULATOR_PORT` ({n})"],
      ["docs/configuration.md", "| `EMULATOR_PORT` | no | `{n}` |"],
      ["docs/emailjs.md", "(`http://127.0.0.1:{n}/inbox` by default"],
      ["docs/analytics.md", "(http://127.0.0.1:{n}/inbox/funnel)"],
    ],
  },
  {
    what: "the test runs' first port (stack-ports.ts)",
    actual: DEFAULT_PORT_BASE,
    said: [
      ["docs/testing.md", "({n} by default)"],
      ["docs/configuration.md", "| `E2E_PORT_BASE` | no | `{n}` |"],
    ],
  },
  {
    what: "the load test's first port (tests/load/run.ts)",
    actual: inCode("tests/load/run.ts", /LOAD_PORT_BASE\) \|\| (\d+)/),
    said: [
      ["docs/configuration.md", "| `LOAD_PORT_BASE` | no | `{n}` |"],
      ["docs/capacity.md", "(`LOAD_PORT_BASE`, default {n},"],
    ],
  },
];

/**
 * Counts of those kinds that measure something outside the repository, said once where measured
 * (an install this project chose not to make, React Email's own tree): not the code's to check.
 */
const MEASURED = ["docs/emailjs.md: 267 packages", "docs/emailjs.md: 44 packages"];

/** The documents that may state a figure: the front door, the guides and the folders' READMEs. */
const DOCUMENTS = [
  "README.md",
  "ARCHITECTURE.md",
  "CONTRIBUTING.md",
  ...["analytics", "behaviour", "capacity", "configuration", "deploying", "emailjs", "glossary"]
    .concat(["performance", "security", "testing"])
    .map((name) => `docs/${name}.md`),
  "tests/README.md",
  "tests/e2e/support/README.md",
  "scripts/README.md",
];
/** The kinds of count the code keeps, as documents name them. */
const COUNTED = new RegExp(
  `\\b${NUMBER}\\s+(browser\\s+tests|browser\\s+specs|built\\s+sites|ports|packages|journeys|scenarios|widths)\\b`,
  "g",
);

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A template as a pattern: its number captured, any space a line may have broken. */
const phrase = (template: string) =>
  new RegExp(literal(template).replaceAll(literal("{n}"), NUMBER).replaceAll(" ", "\\s+"), "g");

describe("the figures the documents state", () => {
  for (const { what, actual, said } of FIGURES) {
    it(`${what}: ${actual}, wherever a document says it`, () => {
      expect(actual).toBeGreaterThan(0);
      for (const [document, template] of said) {
        const found = [...read(document).matchAll(phrase(template))];
        expect(found.length, `${document} says "${template}"`).toBeGreaterThan(0);
        for (const match of found) {
          const values = match.slice(1).map((written) => countOf(written ?? ""));
          expect(values, `${document}: "${match[0]}"`).toEqual(values.map(() => actual));
        }
      }
    });
  }

  it("no document states a count of those kinds that nothing here checks", () => {
    const checked = FIGURES.flatMap(({ said }) =>
      said.map(([document, template]) => ({ document, pattern: phrase(template) })),
    );
    const unchecked = DOCUMENTS.flatMap((document) => {
      const text = read(document);
      return [...text.matchAll(COUNTED)]
        .filter((count) => {
          const at = count.index ?? 0;
          return !checked.some(
            ({ document: where, pattern }) =>
              where === document &&
              [...text.matchAll(pattern)].some(
                (match) =>
                  (match.index ?? 0) <= at &&
                  at + count[0].length <= (match.index ?? 0) + match[0].length,
              ),
          );
        })
        .map((count) => `${document}: ${count[0]}`);
    });
    expect(unchecked.filter((count) => !MEASURED.includes(count))).toEqual([]);
  });
});
