/**
 * The same-page floor: the site's own `/` as this run built it, every script taken out,
 * with the least React 19 that owns its waitlist form: one root hydrating the form alone
 * (same-page-floor/entry-client.tsx), started by the React floor's loader (floor-build.ts: after
 * its own first contentful paint and a frame), no other script. The same HTML, CSS and images, so
 * the same first screen: what the site takes beyond it is what the site's own JavaScript costs.
 * Form live and the input during start-up are judged against it (scripts/bench/budgets.ts).
 */
import { readdir, readFile } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import { type Element, Window } from "happy-dom";
import { buildFloorClient, floorConfig, loaderScript } from "./floor-build";
import { onSlowPhonePage } from "./phone-page";

const floorDir = resolve(import.meta.dirname, "same-page-floor");

/** The form's host in the site's page: the form's own root hydrates it (src/waitlist/ui/form-island.tsx). */
const FORM_HOST = "[data-form-island]";

/** An element of the served form as React creates it: its tag, its props and its children. */
export type FormNode = {
  tag: string;
  props: Record<string, string | boolean>;
  children: (FormNode | string)[];
};

/**
 * Every script of the page (the loader, data blocks, modules) and every module preload: the floor
 * runs none of the site's code. Markup, not a DOM: the rest stays byte for byte.
 */
const SCRIPTS =
  /<script\b[^>]*>[\s\S]*?<\/script\s*>|<link\b[^>]*\brel=["']?modulepreload\b[^>]*>/gi;

/** HTML attribute names React spells otherwise. */
const PROP_NAMES: Record<string, string> = {
  class: "className",
  for: "htmlFor",
  tabindex: "tabIndex",
  autocomplete: "autoComplete",
  inputmode: "inputMode",
  novalidate: "noValidate",
  readonly: "readOnly",
  maxlength: "maxLength",
  minlength: "minLength",
  enterkeyhint: "enterKeyHint",
  formnovalidate: "formNoValidate",
};
/** Attributes React takes as booleans: present is true, whatever the value written. */
const BOOLEANS = new Set([
  "inert",
  "novalidate",
  "formnovalidate",
  "hidden",
  "disabled",
  "required",
  "readonly",
  "open",
]);

/** The page as served without a script. */
const withoutScripts = (html: string) => html.replace(SCRIPTS, "");

function propsOf(element: Element): FormNode["props"] {
  return Object.fromEntries(
    [...element.attributes].map(({ name, value }) => {
      if (name === "style") throw new Error("same-page floor: the form has a style attribute");
      return [PROP_NAMES[name] ?? name, BOOLEANS.has(name) ? true : (value ?? "")];
    }),
  );
}

/** An element and what it holds as React would create it (comments are not React's to hydrate). */
function treeOf(element: Element): FormNode {
  const children = [...element.childNodes].flatMap((child): (FormNode | string)[] => {
    if (child.nodeType === child.ELEMENT_NODE) return [treeOf(child as Element)];
    return child.nodeType === child.TEXT_NODE ? [child.textContent ?? ""] : [];
  });
  return { tag: element.localName, props: propsOf(element), children };
}

/**
 * The waitlist form of the site's `/`, as a tree for the floor's client to hydrate. Its host must
 * hold the form alone once the scripts are out (the site's only other child is its parse marker).
 */
export function formTree(siteHtml: string): FormNode {
  const window = new Window();
  try {
    const page = new window.DOMParser().parseFromString(withoutScripts(siteHtml), "text/html");
    const host = page.querySelector(FORM_HOST);
    const form = host?.firstElementChild;
    if (host?.childNodes.length !== 1 || form?.localName !== "form") {
      throw new Error(`same-page floor: ${FORM_HOST} on / does not hold the form alone`);
    }
    if (!form.querySelector('input[type="email"]')) {
      throw new Error("same-page floor: the form on / has no email field");
    }
    return treeOf(form);
  } finally {
    void window.happyDOM.close();
  }
}

/** The floor's `/`: the site's without its scripts, and the floor's loader at the end of the head. */
export function floorPage(siteHtml: string, entry: string): string {
  const html = withoutScripts(siteHtml);
  if (!html.includes("</head>")) throw new Error("same-page floor: / has no </head>");
  return html.replace("</head>", `<script>${loaderScript(entry)}</script></head>`);
}

/** The site's build output but its pages and scripts (its CSS, fonts, images...), by URL path. */
async function siteAssets(distDir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(distDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(html|js)$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(`/${relative(distDir, path).split(sep).join("/")}`, await readFile(path));
  }
  return files;
}

/** Builds the floor from the site's build in `distDir`; returns its files by URL path. */
export async function buildSamePageFloor(distDir: string): Promise<Map<string, Buffer>> {
  const siteHtml = await readFile(join(distDir, "index.html"), "utf8");
  const define = {
    __FORM_HOST__: JSON.stringify(FORM_HOST),
    __FORM_TREE__: JSON.stringify(formTree(siteHtml)),
  };
  const client = await buildFloorClient(floorConfig(floorDir, define));
  const files = await siteAssets(distDir);
  for (const [path, body] of client.files) files.set(path, body);
  files.set("/", Buffer.from(floorPage(siteHtml, client.entry)));
  return files;
}

const SERVED_FORM = `document.querySelector(${JSON.stringify(`${FORM_HOST} form`)})`;
/** Before the page's own scripts: keeps the form element as served, to compare with React's. */
const KEEP_SERVED_FORM = `document.addEventListener("DOMContentLoaded", () => {
  window.__benchServedForm = ${SERVED_FORM};
});`;
const FIELD_IS_REACTS = `(() => {
  const field = document.querySelector('form input[type="email"]');
  return !!field && Object.keys(field).some((key) => key.startsWith("__reactProps$"));
})()`;

/**
 * Whether the floor hydrates the form as served: on a mismatch React 19 reports an error and
 * renders the form anew, a floor of another kind. One load without the slowdown, before the runs:
 * the form React owns must be the served element, and nothing reported as an error.
 */
export function checkHydration(url: string): Promise<void> {
  return onSlowPhonePage(async ({ page, cdp }) => {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.addInitScript(KEEP_SERVED_FORM);
    await page.goto(url);
    await page.waitForFunction(FIELD_IS_REACTS);
    const kept = await page.evaluate(`window.__benchServedForm === ${SERVED_FORM}`);
    if (!kept || errors.length > 0) {
      throw new Error(
        `the same-page floor did not hydrate the served form (${errors.join("; ") || "the form was rendered anew"}): its figures would be no floor`,
      );
    }
  });
}
