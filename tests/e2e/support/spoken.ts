/**
 * What a screen reader says, phrase by phrase: Guidepup's Virtual Screen Reader
 * (`@guidepup/virtual-screen-reader`, pinned) run inside the test's page, over the page's own DOM:
 * it speaks the element focus lands on (role, name, value, description, states), what its reading
 * cursor moves to, and every change of a live region ("polite: ..." or "assertive: ..."), as
 * screen readers do. live-regions.ts records the live regions' texts; this hears the page as a
 * whole: focus moves, names and descriptions, and whether a change is said once, twice or never.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { UNTIL_TEST_TIMEOUT } from "./page-clock";

/** Where the reader lives in the page (its class and its instance): gone once the page loads again. */
const READER = "__spokenReader";

type Reader = {
  start(options: { container: Node }): Promise<void>;
  next(): Promise<void>;
  perform(command: string): Promise<void>;
  type(text: string): Promise<void>;
  spokenPhraseLog(): Promise<string[]>;
};

declare global {
  interface Window {
    [READER]?: { reader: Reader; classes: { Virtual: new () => Reader } };
  }
}

/**
 * The reader's browser bundle (an ES module ending in one `export { ... }`) as a classic script
 * whose value is what it exports, so that `page.evaluate` runs it. Evaluated by Playwright
 * (the DevTools protocol), it needs no script the site's CSP would refuse and makes no request.
 */
function readerScript(): string {
  const require = createRequire(import.meta.url);
  const source = readFileSync(
    require.resolve("@guidepup/virtual-screen-reader/browser.js"),
    "utf8",
  );
  const exported = /export\s*\{([^}]*)\}\s*;?/.exec(source);
  if (!exported) {
    throw new Error("@guidepup/virtual-screen-reader's browser bundle has no export list");
  }
  const names = exported[1]
    ?.split(",")
    .map((pair) => pair.trim().split(/\s+as\s+/))
    .map(([local, name = local]) => `${JSON.stringify(name)}: ${local}`);
  const body = source.slice(0, exported.index) + source.slice(exported.index + exported[0].length);
  return `(() => {\n${detachedSafe(body)}\n;return { ${names?.join(", ")} };\n})()`;
}

/**
 * The reader's name lookup (`aria-labelledby`, `aria-describedby`) asks an element's root node for
 * the ids: for an element a page has just removed (a page left for /success, its parts still in
 * the reader's view), that root is an element, which has no `getElementById`, and the reader threw
 * from its mutation observer. Such a lookup falls back to the element's document, as it does where
 * `getRootNode` is missing (dom-accessibility-api issue 1026, open upstream); a reader that no
 * longer has the lookup fails here, not in a page.
 */
function detachedSafe(body: string): string {
  const lookup = /(\w+)=(\w+)\.getRootNode\?\2\.getRootNode\(\):\2\.ownerDocument;/g;
  if (!lookup.test(body)) {
    throw new Error("@guidepup/virtual-screen-reader's bundle: its root-node lookup has changed");
  }
  return body.replace(
    lookup,
    (lookedUp, root, element) =>
      `${lookedUp}if(!${root}.getElementById)${root}=${element}.ownerDocument;`,
  );
}

let script: string | undefined;

/**
 * Starts the reader in `page`'s document, once: on the whole body, its cursor at the top (it says
 * "document" first). A page loaded again has a reader no longer; the next `spoken` starts one.
 */
async function startReader(page: Page): Promise<void> {
  if (await page.evaluate((name) => name in window, READER)) return;
  script ??= readerScript();
  await page.evaluate(`window.${READER} = { classes: ${script} }`);
  await page.evaluate(async (name) => {
    const holder = window[name as typeof READER];
    if (!holder) throw new Error("the reader's bundle did not run");
    holder.reader = new holder.classes.Virtual();
    await holder.reader.start({ container: document.body });
  }, READER);
}

/**
 * Everything the reader in `page` has said since it started, but for two things of its own that no
 * screen reader says: a `<noscript>`'s markup, which it reads as text though a browser with scripts
 * on neither shows nor exposes it, and a live region emptied ("polite: " with no words).
 */
async function phrases(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    const holder = window[name as typeof READER];
    if (!holder) {
      throw new Error(
        "no screen reader in this document: a step that loads another page (reload, goto) is heard in a step of its own",
      );
    }
    const noscripts = new Set(
      [...document.querySelectorAll("noscript")].map((tag) => (tag.textContent ?? "").trim()),
    );
    return (await holder.reader.spokenPhraseLog()).filter(
      (phrase) => !noscripts.has(phrase.trim()) && !/^(polite|assertive): $/.test(phrase),
    );
  }, READER);
}

/**
 * The phrases a screen reader says during `step` (any action of the test's, awaited to its end):
 * focus moves, live-region announcements ("polite: Joining..."), the reading cursor's moves. The
 * reader is started in the page's document first if it is not there yet; a step must stay in its
 * document (a move within the app, such as to /success, does).
 *
 * A step that ends on what the page shows may end before the reader has said it: Radix announces
 * a toast two animation frames after the toast shows. `until` names the phrase the step ends on;
 * what was said is read once the reader has said it (with no limit of its own: the test's budget
 * bounds it).
 *
 *     const said = await spoken(page, () => submit.press("Enter"));
 *     const failed = await spoken(page, () => submit.click(), { until: "assertive: Submission failed" });
 */
export async function spoken(
  page: Page,
  step: () => Promise<unknown>,
  { until }: { until?: string } = {},
): Promise<string[]> {
  await startReader(page);
  const before = (await phrases(page)).length;
  await step();
  if (until !== undefined) {
    await expect
      .poll(async () => (await phrases(page)).slice(before), UNTIL_TEST_TIMEOUT)
      .toContain(until);
  }
  return (await phrases(page)).slice(before);
}

/**
 * Reads on from the reader's cursor, `count` items, as a visitor pressing the screen reader's
 * "next" key does; called first in a document, it reads the page from the top.
 */
export async function readOn(page: Page, count: number): Promise<string[]> {
  return readerCommand(page, "next", count);
}

/**
 * Moves the reader's cursor by one of its commands (`moveToNextForm`, `moveToNextLandmark`,
 * `moveToNextHeading`, ...: the reader's `commands`), `count` times, as a visitor's quick-navigation
 * keys do; returns what it said.
 */
export async function moveTo(page: Page, command: string, count = 1): Promise<string[]> {
  return readerCommand(page, command, count);
}

async function readerCommand(page: Page, command: string, count: number): Promise<string[]> {
  return spoken(page, () =>
    page.evaluate(
      async ({ name, command, count }) => {
        const reader = window[name as typeof READER]?.reader;
        for (let item = 0; item < count; item++) {
          await (command === "next" ? reader?.next() : reader?.perform(command));
        }
      },
      { name: READER, command, count },
    ),
  );
}

/**
 * Types `text` into the field the reader is on (focus it first) the way the reader's own typing
 * does (Testing Library's user-event, a key at a time, each after a timer of 0 ms: the page's
 * clock must be running) and returns what it said: the field again, with its new value.
 */
export async function typed(page: Page, text: string): Promise<string[]> {
  return spoken(page, () =>
    page.evaluate(
      async ({ name, text }) => {
        const reader = window[name as typeof READER]?.reader;
        await reader?.type(text);
      },
      { name: READER, text },
    ),
  );
}
