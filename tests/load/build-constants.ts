/**
 * The build-time constants Vite defines for the browser bundle (vite.config.ts's `define`), set as
 * globals for the crowd, which runs the site's delivery code in Node without Vite: the values of a
 * build in the emulator mode, the load test's site's own. Read from the config itself, so a
 * constant added there reaches the crowd too. `npm run test:load` and each scenario it starts
 * (run.ts) preload this file (`--import`): a preload finishes, top-level await included, before any
 * module of the run is evaluated, where an import beside the site's own would not wait for it.
 */
import viteConfig from "../../vite.config";

const config = await viteConfig({ mode: "emulator", command: "build" });
for (const [name, value] of Object.entries(config.define ?? {})) {
  Object.assign(globalThis, { [name]: JSON.parse(String(value)) });
}
