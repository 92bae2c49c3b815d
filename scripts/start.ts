/**
 * `npm start`: builds the site for local use and serves it beside the local EmailJS emulator, so a
 * signup typed in the browser lands in the outbox. No account or network needed.
 */
import { resolve } from "node:path";
import { readBuildSettings, startPreviewServer } from "../server/preview";
import { buildSite } from "./build";
import { LOCAL_MODE, printBanner, startLocalEmail, stopOnSignal } from "./local-stack";

const root = resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT) || 4173;

await buildSite({ mode: LOCAL_MODE, outDir: root });
const email = await startLocalEmail();
const settings = await readBuildSettings(root);
const site = await startPreviewServer({ distDir: resolve(root, "dist"), settings, port });
printBanner(site.url, email.outboxPath);
stopOnSignal(site.close, email.close);
