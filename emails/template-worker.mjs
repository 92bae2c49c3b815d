// The worker of render-apart.ts: renders the two emails with React in production mode, apart from
// whatever React the process that started it has loaded. Plain JavaScript, so it needs no loader
// of its own; it reads the TypeScript renderer through tsx, with the repository's tsconfig.
import { fileURLToPath } from "node:url";
import { parentPort, workerData } from "node:worker_threads";
import { tsImport } from "tsx/esm/api";

const { renderEmailTemplates } = await tsImport("./render-templates.tsx", {
  parentURL: import.meta.url,
  tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)),
});
parentPort?.postMessage(await renderEmailTemplates(workerData));
