// @vitest-environment happy-dom
/**
 * The icons a built page holds back in its head's <noscript> (src/app/head.ts), linked by the app
 * once it starts, the empty icon that stood in for them gone.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { linkIcons } from "./loader-settings";

const HELD =
  '<link rel="icon" href="/favicon-32.png" type="image/png" sizes="32x32" /><link rel="icon" href="/favicon.svg" type="image/svg+xml" /><link rel="apple-touch-icon" href="/apple-touch-icon.png" sizes="180x180" />';

/** The head's links as the browser would read them: rel, href and the rest. */
function headLinks() {
  return [...document.head.querySelectorAll("link")].map((link) =>
    Object.fromEntries([...link.attributes].map((attribute) => [attribute.name, attribute.value])),
  );
}

describe("linkIcons", () => {
  beforeEach(() => {
    document.head.innerHTML = '<link rel="canonical" href="https://bulwark.example/">';
  });

  it("links the held icons, in their order, in place of the empty one", () => {
    const empty = document.createElement("link");
    empty.rel = "icon";
    empty.href = "data:,";
    // With scripts on, a <noscript>'s content is text, not elements.
    const held = document.createElement("noscript");
    held.textContent = HELD;
    document.head.append(empty, held);
    linkIcons();
    expect(headLinks()).toEqual([
      { rel: "canonical", href: "https://bulwark.example/" },
      { rel: "icon", href: "/favicon-32.png", type: "image/png", sizes: "32x32" },
      { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
      { rel: "apple-touch-icon", href: "/apple-touch-icon.png", sizes: "180x180" },
    ]);
  });

  it("changes nothing in a head that holds no icons back (dev)", () => {
    linkIcons();
    expect(headLinks()).toEqual([{ rel: "canonical", href: "https://bulwark.example/" }]);
  });
});
