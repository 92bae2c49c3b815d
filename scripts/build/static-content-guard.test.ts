/**
 * The build refuses a control inside StaticContent: the planted parts of
 * scripts/build/static-content-guard.fixture.tsx are built as the site's server bundle is (the
 * guard's JSX runtime, source maps), prerendered, and checked as scripts/build/prerender.ts checks
 * each page.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { createElement, type FunctionComponent } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { build } from "vite";
import { beforeAll, describe, expect, it } from "vitest";
import { serverBuild } from "./build";
import { PrerenderError, refuseStaticControls } from "./prerender";
import { staticContentGuard } from "./static-content-guard";
import { controlsOf, staticContentFaults, withoutMarks } from "./static-content-marks";

const root = resolve(import.meta.dirname, "../..");
const FIXTURE = "scripts/build/static-content-guard.fixture.tsx";
const OUT_DIR = resolve(root, ".e2e/static-content-guard");
const IN_FIXTURE = /scripts\/build\/static-content-guard\.fixture\.tsx:\d+/;

type Fixture = Record<
  "Allowed" | "PlantedButton" | "PlantedField" | "PlantedHandler" | "PlantedLazyPart",
  FunctionComponent
>;
let fixture: Fixture;

async function prerendered(part: FunctionComponent): Promise<string> {
  const { prelude } = await prerenderToNodeStream(createElement(part));
  let html = "";
  for await (const chunk of prelude) html += chunk;
  return html;
}

/** What the build says about a page made of `part`, or "" when it lets the page through. */
async function buildStop(part: FunctionComponent): Promise<string> {
  try {
    refuseStaticControls(staticContentFaults(await prerendered(part)));
    return "";
  } catch (error) {
    expect(error).toBeInstanceOf(PrerenderError);
    return (error as Error).message;
  }
}

beforeAll(async () => {
  // Built as `npm run build` builds: Vitest's NODE_ENV=test would make JSX the development runtime's.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({
      root,
      mode: "production",
      configFile: false,
      logLevel: "silent",
      plugins: [react(), staticContentGuard()],
      build: { ssr: FIXTURE, outDir: OUT_DIR, emptyOutDir: true, sourcemap: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  fixture = (await import(
    pathToFileURL(resolve(OUT_DIR, "static-content-guard.fixture.js")).href
  )) as Fixture;
}, 60_000);

describe("the build's StaticContent guard", () => {
  it("refuses a button with a handler, naming StaticContent, the control and the files", async () => {
    const message = await buildStop(fixture.PlantedButton);
    expect(message).toMatch(/^Build stopped: a control inside StaticContent/);
    const [, fault = ""] = message.split("\n");
    expect(fault).toMatch(
      /^StaticContent \(scripts\/build\/static-content-guard\.fixture\.tsx:\d+\) holds <button> onClick \(scripts\/build\/static-content-guard\.fixture\.tsx:\d+\)$/,
    );
  });

  it("refuses a form field", async () => {
    const message = await buildStop(fixture.PlantedField);
    expect(message).toContain("holds <input>");
    expect(message).toMatch(IN_FIXTURE);
  });

  it("refuses a handler on an element that is no control, a <details> included", async () => {
    const message = await buildStop(fixture.PlantedHandler);
    expect(message).toContain("holds onToggle");
    expect(message).toMatch(IN_FIXTURE);
  });

  it("refuses a lazily loaded part", async () => {
    const message = await buildStop(fixture.PlantedLazyPart);
    expect(message).toContain("holds a lazily loaded part");
    expect(message).toMatch(IN_FIXTURE);
  });

  it("lets through a <details> without handlers, links, and live controls outside StaticContent", async () => {
    const html = await prerendered(fixture.Allowed);
    // The marks are there (the guard ran), and nothing is refused.
    expect(html).toContain("data-static-content=");
    expect(html).toContain("data-static-control=");
    expect(await buildStop(fixture.Allowed)).toBe("");
  });

  it("the page leaves the build without the guard's marks", async () => {
    const page = withoutMarks(await prerendered(fixture.Allowed));
    expect(page).not.toContain("data-static");
    expect(page).toContain("<details><summary>How we handle your address</summary>");
    expect(page).toContain('<button type="button">Live, outside</button>');
  });
});

describe("npm run build", () => {
  it("builds the server bundle with the guard's JSX runtime and source maps", () => {
    const config = serverBuild("production", OUT_DIR);
    expect(
      config.plugins?.flat().map((plugin) => plugin && "name" in plugin && plugin.name),
    ).toContain(staticContentGuard().name);
    expect(config.build?.sourcemap).toBe(true);
  });
});

describe("staticContentFaults", () => {
  it("reads only inside the marked element, nested elements of its tag included", () => {
    const html =
      '<div data-static-content="a.tsx:1"><div><p>text</p></div></div>' +
      '<button data-static-control="&lt;button&gt; (b.tsx:2)">outside</button>' +
      '<ul data-static-content="c.tsx:3"><li><ul><li>x</li></ul></li><li><input data-static-control="&lt;input&gt; (d.tsx:4)"/></li></ul>';
    expect(staticContentFaults(html)).toEqual(["StaticContent (c.tsx:3) holds <input> (d.tsx:4)"]);
  });
});

describe("controlsOf", () => {
  it("names form controls and function handlers, nothing else", () => {
    const handler = () => undefined;
    expect(controlsOf("button", { onClick: handler, className: "x" })).toEqual([
      "<button>",
      "onClick",
    ]);
    expect(controlsOf("select", {})).toEqual(["<select>"]);
    expect(controlsOf("textarea", {})).toEqual(["<textarea>"]);
    expect(controlsOf("details", { open: true, onToggle: handler })).toEqual(["onToggle"]);
    expect(controlsOf("a", { href: "/", one: handler, onclick: "x" })).toEqual([]);
  });
});
