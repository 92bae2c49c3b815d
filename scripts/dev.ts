/**
 * `npm run dev`: the Vite dev server with hot reload, beside the local EmailJS emulator.
 */
import { resolve } from "node:path";
import { createServer } from "vite";
import { LOCAL_MODE, printBanner, startLocalEmail, stopOnSignal } from "./local-stack";

const email = await startLocalEmail();
const vite = await createServer({
  root: resolve(import.meta.dirname, ".."),
  mode: LOCAL_MODE,
  server: { host: "127.0.0.1", port: Number(process.env.PORT) || 5173 },
});
await vite.listen();
printBanner(vite.resolvedUrls?.local[0] ?? "http://127.0.0.1:5173/", email.outboxPath);
stopOnSignal(() => vite.close(), email.close);
