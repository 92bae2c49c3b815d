/**
 * The commands that serve or shoot the last build (`npm run preview`, `npm run screenshots`) on a
 * tree without one, as on a fresh clone: one line saying what to run first, exit code 1, no stack
 * trace. Each is given an empty build folder of its own (`--out-dir`, as the build takes it), so the
 * repository's own dist/ is never read; nothing is built, so each run takes seconds.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort } from "../../server/ports";
import { runToEnd } from "./run-to-end";

const root = resolve(import.meta.dirname, "../..");
/**
 * Generous: each run starts npm, Node and tsx (1.2 s of CPU), on a machine shared with other test
 * runs, where one has taken 16 s of wall time (2 s on a quiet machine).
 */
const RUN_TIMEOUT_MS = 90_000;
// A test waits for its run to end, so it must be allowed longer than the run: Vitest's 5 s is not.
vi.setConfig({ testTimeout: RUN_TIMEOUT_MS + 5_000 });

let dir: string;

/** `npm run <script> -- --out-dir <buildDir>` as a person runs it, npm's own banner left out. */
function run(script: string, buildDir: string, env: Record<string, string> = {}) {
  return runToEnd("npm", ["run", "--silent", script, "--", "--out-dir", buildDir], {
    cwd: root,
    env: { ...process.env, ...env },
    timeoutMs: RUN_TIMEOUT_MS,
  });
}

function noBuildLine(buildDir: string) {
  return `No build to serve in ${buildDir}/dist/: run \`npm run build:local\` (for the local emulator) or \`npm run build\` first.\n`;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "without-a-build-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// One run at a time: side by side, on a busy machine, each waits for all four.
describe.each(["preview", "screenshots"])("npm run %s", (script) => {
  it("says what to build first when the build folder is empty", async () => {
    const empty = join(dir, `${script}-empty`);
    await mkdir(empty);
    // A free port: were the build found, the preview would serve there, not on a default in use.
    const result = await run(script, empty, { PORT: String(await freePort()) });
    expect(result).toEqual({ code: 1, stdout: "", stderr: noBuildLine(empty) });
  });

  it("says the same of a build cut short: pages written, its settings not", async () => {
    const half = join(dir, `${script}-half`);
    await mkdir(join(half, "dist"), { recursive: true });
    await writeFile(join(half, "dist/index.html"), "<!doctype html><title>Half a build</title>");
    const result = await run(script, half, { PORT: String(await freePort()) });
    expect(result).toEqual({ code: 1, stdout: "", stderr: noBuildLine(half) });
  });
});
