/**
 * The stack the e2e tests run against: the site built for the local EmailJS emulator (short send
 * time limit), served like production, and the emulator. Started by playwright.config.ts.
 */
import { rm } from "node:fs/promises";
import { resolve } from "node:path";
import { buildSite } from "../../scripts/build";
import { startEmailStandIn } from "../../server/email-stand-in";
import { readBuildSettings, startPreviewServer } from "../../server/preview";
import { E2E_EMAIL_PORT, E2E_EMAIL_URL, E2E_SEND_TIMEOUT_MS, E2E_SITE_PORT } from "./stack-ports";

const root = resolve(import.meta.dirname, "../..");
const buildDir = resolve(root, ".e2e/site");
const outboxPath = resolve(root, ".e2e/outbox.jsonl");

process.env.VITE_EMAILJS_ORIGIN = E2E_EMAIL_URL;
process.env.VITE_EMAILJS_TIMEOUT_MS = String(E2E_SEND_TIMEOUT_MS);

await rm(outboxPath, { force: true });
await buildSite({ mode: "emulator", outDir: buildDir });
const emailStandIn = await startEmailStandIn({ port: E2E_EMAIL_PORT, outboxPath, log: () => {} });
const { emailOrigin } = await readBuildSettings(buildDir);
const site = await startPreviewServer({
  distDir: resolve(buildDir, "dist"),
  emailOrigin,
  port: E2E_SITE_PORT,
});
console.log(`e2e stack ready: site ${site.url}, email emulator ${emailStandIn.url}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    await Promise.all([site.close(), emailStandIn.close()]);
    process.exit(0);
  });
}
