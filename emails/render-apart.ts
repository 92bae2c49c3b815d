/**
 * Renders the two emails in a worker thread of their own. React Email loads React, and a process
 * that also builds or serves the site (npm start, npm run dev, the test stack) must keep the React
 * it loads for the site in the mode the site's build chooses: one process, one React, one mode.
 */
import { Worker } from "node:worker_threads";
import type { EmailSettings } from "./email-settings";
import type { EmailTemplate } from "./email-template";

/** One render per settings and process: every emulator of a test file shares it. */
const rendered = new Map<string, Promise<EmailTemplate[]>>();

export function renderEmailTemplatesApart(settings: EmailSettings): Promise<EmailTemplate[]> {
  const key = JSON.stringify(settings);
  const known = rendered.get(key);
  if (known) return known;
  const rendering = renderInWorker(settings);
  rendered.set(key, rendering);
  rendering.catch(() => rendered.delete(key));
  return rendering;
}

function renderInWorker(settings: EmailSettings): Promise<EmailTemplate[]> {
  return new Promise((done, fail) => {
    const worker = new Worker(new URL("./template-worker.mjs", import.meta.url), {
      workerData: settings,
      env: { ...process.env, NODE_ENV: "production" },
      // Nothing of the parent's loaders (tsx, a test runner's): the worker brings its own.
      execArgv: [],
    });
    worker.once("message", (templates: EmailTemplate[]) => done(templates));
    worker.once("error", fail);
    worker.once("exit", (code) => {
      if (code !== 0) fail(new Error(`The email renderer stopped with exit code ${code}.`));
    });
  });
}
