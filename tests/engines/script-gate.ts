/**
 * A transparent proxy in front of the built site that can hold back the app's JavaScript: while
 * held, requests for /assets/*.js wait until release(). It lets a test act on the prerendered page
 * before the app starts (a submit before hydration). For a driver without init scripts (classic
 * WebDriver) it puts `prelude`, the error probe, before each app script's own code, so the probe is
 * in place before any of the app's code runs without holding anything back. App scripts are served
 * `no-store`, so every page load asks for them again instead of reading the cache.
 */
import { createServer, request } from "node:http";
import { closeServer, listenOn } from "../../server/ports";

export type ScriptGate = {
  url: string;
  /** Holds every app script requested from now on, until the returned release is called. */
  hold(): () => void;
  close(): Promise<void>;
};

const APP_SCRIPT = /^\/assets\/.+\.js$/;

export async function startScriptGate({
  port,
  target,
  prelude = "",
}: {
  port: number;
  target: string;
  /** Source text put before every app script's own code. */
  prelude?: string;
}): Promise<ScriptGate> {
  const upstream = new URL(target);
  let gate: Promise<void> = Promise.resolve();
  const server = createServer(async (incoming, outgoing) => {
    const path = new URL(incoming.url ?? "/", "http://gate").pathname;
    const isAppScript = APP_SCRIPT.test(path);
    if (isAppScript) await gate;
    const headers = { ...incoming.headers, host: upstream.host };
    // An app script is read whole to put the prelude first: ask for it uncompressed.
    if (isAppScript) delete headers["accept-encoding"];
    const proxied = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers,
      },
      (answer) => {
        const answerHeaders = { ...answer.headers };
        if (!isAppScript || answer.statusCode !== 200) {
          outgoing.writeHead(answer.statusCode ?? 502, answerHeaders);
          answer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [Buffer.from(prelude)];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const body = Buffer.concat(chunks);
          answerHeaders["cache-control"] = "no-store";
          answerHeaders["content-length"] = String(body.length);
          outgoing.writeHead(200, answerHeaders).end(body);
        });
      },
    );
    proxied.on("error", (error) => {
      outgoing.writeHead(502).end(String(error));
    });
    incoming.pipe(proxied);
  });
  await listenOn(server, port, "E2E_PORT_BASE");
  return {
    url: `http://127.0.0.1:${port}`,
    hold() {
      let release = () => {};
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return release;
    },
    close: () => closeServer(server),
  };
}
