/**
 * Every lockfile (the root's and each on-demand tool's) keeps installing with `npm ci` on a fresh
 * clone: a dependency a package asks for by a tag (`latest`), not a version range, is looked up
 * again in the registry, and once the tag has moved its new version is missing from the lockfile.
 * Such a dependency is pinned with `overrides` in the folder's package.json (docs/testing.md,
 * "On-demand tools").
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ON_DEMAND } from "./on-demand";

const root = resolve(import.meta.dirname, "../..");

type LockedPackage = {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};

/** A dist-tag: a name, where a range has digits, operators, `x` or `*`. */
const isTag = (spec: string) => /^[a-z][\w.-]*$/i.test(spec) && !/^[xX]$/.test(spec);

/** Every package name the overrides name, at any depth. */
function overridden(overrides: unknown): Set<string> {
  const names = new Set<string>();
  if (overrides && typeof overrides === "object") {
    for (const [name, value] of Object.entries(overrides)) {
      names.add(name);
      for (const inner of overridden(value)) names.add(inner);
    }
  }
  return names;
}

/** `package (in the lockfile) asks for name@tag` for each tag no override pins. */
function unpinnedTags(dir: string): string[] {
  const read = (file: string) => JSON.parse(readFileSync(resolve(root, dir, file), "utf8"));
  const pinned = overridden(read("package.json").overrides);
  const packages = read("package-lock.json").packages as Record<string, LockedPackage>;
  return Object.entries(packages).flatMap(([path, locked]) => {
    const optionalPeer = (name: string) => locked.peerDependenciesMeta?.[name]?.optional === true;
    const asked = {
      ...locked.dependencies,
      ...locked.optionalDependencies,
      ...Object.fromEntries(
        Object.entries(locked.peerDependencies ?? {}).filter(([name]) => !optionalPeer(name)),
      ),
    };
    return Object.entries(asked)
      .filter(([name, spec]) => isTag(spec) && !pinned.has(name))
      .map(([name, spec]) => `${path || "(root)"} asks for ${name}@${spec}`);
  });
}

describe("the lockfiles", () => {
  it("tell a tag from a range", () => {
    expect(["latest", "next", "beta-2"].every(isTag)).toBe(true);
    expect(
      ["*", "x", "1.x", "^0.27.0", ">=1 <2", "~1.2.3", "1 - 2", "npm:a@1", ""].some(isTag),
    ).toBe(false);
  });

  it.each([".", ...Object.values(ON_DEMAND).map((tool) => tool.dir)])(
    "%s: every dependency asked for by a tag is pinned by an override",
    (dir) => {
      expect(unpinnedTags(dir)).toEqual([]);
    },
  );
});
