import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { palette } from "./palette";

const css = readFileSync(resolve(import.meta.dirname, "../styles.css"), "utf8");

/** "accentStrong" -> "--color-accent-strong". */
function tokenOf(name: string): string {
  return `--color-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

describe("palette", () => {
  it.each(Object.entries(palette))("%s is the stylesheet's own colour token", (name, hex) => {
    const declared = new RegExp(`${tokenOf(name)}:\\s*(#[0-9a-f]{6});`, "i").exec(css)?.[1];
    expect(declared?.toLowerCase()).toBe(hex);
  });
});
