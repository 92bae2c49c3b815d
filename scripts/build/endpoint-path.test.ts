import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtFileAt } from "./endpoint-path";

/** A built site's files, as the build leaves them in dist/. */
let distDir = "";

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), "endpoint-path-"));
  await mkdir(join(distDir, "guide"), { recursive: true });
  await writeFile(join(distDir, "index.html"), "");
  await writeFile(join(distDir, "success.html"), "");
  await writeFile(join(distDir, "guide", "index.html"), "");
  await writeFile(join(distDir, "feed.xml"), "");
});

afterAll(() => rm(distDir, { recursive: true, force: true }));

describe("builtFileAt, the check on dist/ after the build", () => {
  it.each([
    ["/feed.xml", true],
    ["/success", true],
    ["/guide", true],
    ["/guide/", true],
    ["/stats/api/event", false],
    ["/feed", false],
  ])("%s is served from a built file: %s", async (path, served) => {
    expect(await builtFileAt(distDir, path)).toBe(served);
  });
});
