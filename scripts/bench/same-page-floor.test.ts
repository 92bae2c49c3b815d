import { describe, expect, it } from "vitest";
import { floorPage, formTree } from "./same-page-floor";

/** A page shaped as the site's build writes `/`: its loader, data blocks, the form's host and parse marker. */
const head = [
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:," />',
  '<script type="application/ld+json">{"@type":"WebSite"}</script>',
  '<script data-app="/assets/index.js">(function(){})();</script>',
  '<link rel="modulepreload" href="/assets/chunk.js"><style>body{color:red}</style>',
  '<link rel="stylesheet" href="/assets/site.css"></head>',
].join("");
const form = [
  '<form noValidate="" class="card" method="dialog" data-busy="Joining...">',
  '<label for="email" class="block">Work email</label>',
  '<input id="email" type="email" inputMode="email" autoComplete="email" name="email"/>',
  '<div aria-hidden="true" inert=""><input type="text" tabindex="-1" data-1p-ignore=""/></div>',
  '<p>It&#x27;s <b>free</b> and quick</p><button type="submit">Join</button></form>',
].join("");
const body = `<body><h1>Stop API attacks</h1><div data-form-island="email">${form}<script type="text/plain" id="fp"></script></div><script type="module" src="/assets/late.js"></script></body></html>`;
const site = head + body;

describe("the same-page floor", () => {
  it("is the site's page with its scripts taken out, byte for byte, and the floor's loader added", () => {
    const page = floorPage(site, "assets/entry-client-x.js");
    const [before, after] = page.split(/<script>[\s\S]*?<\/script>/);
    expect(page.match(/<script/g)).toHaveLength(1);
    expect(page).toContain('script.src = "/assets/entry-client-x.js"');
    expect(before).toBe(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:," /><style>body{color:red}</style><link rel="stylesheet" href="/assets/site.css">',
    );
    expect(after).toBe(
      `</head><body><h1>Stop API attacks</h1><div data-form-island="email">${form}</div></body></html>`,
    );
  });

  it("hands the form to its client as React creates it: props by React's names, text as served", () => {
    const tree = formTree(site);
    expect(tree.tag).toBe("form");
    expect(tree.props).toEqual({
      noValidate: true,
      className: "card",
      method: "dialog",
      "data-busy": "Joining...",
    });
    const [label, field, honeypot, line] = tree.children;
    expect(label).toEqual({
      tag: "label",
      props: { htmlFor: "email", className: "block" },
      children: ["Work email"],
    });
    expect(field).toEqual({
      tag: "input",
      props: {
        id: "email",
        type: "email",
        inputMode: "email",
        autoComplete: "email",
        name: "email",
      },
      children: [],
    });
    expect(honeypot).toMatchObject({
      props: { "aria-hidden": "true", inert: true },
      children: [{ props: { type: "text", tabIndex: "-1", "data-1p-ignore": "" } }],
    });
    expect(line).toMatchObject({
      children: ["It's ", { tag: "b", children: ["free"] }, " and quick"],
    });
  });

  it("refuses a page whose form host holds more than the form: its root would not own it alone", () => {
    const crowded = site.replace("</form>", "</form><p>More</p>");
    expect(() => formTree(crowded)).toThrow("does not hold the form alone");
  });
});
