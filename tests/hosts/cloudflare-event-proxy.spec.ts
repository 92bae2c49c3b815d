/**
 * The field signals' first-party endpoint on Cloudflare Pages: the build with the proxy served by
 * `wrangler pages dev`, whose `_worker.js` (advanced mode, run by `_routes.json` for the endpoint
 * alone) forwards each event to a stand-in for Plausible on this machine.
 */
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { expect, test } from "@playwright/test";
import { hostFiles } from "../../scripts/build/host-files";
import { cacheControl, securityHeaders } from "../../scripts/build/http-headers";
import { DEFAULT_PLAUSIBLE_ENDPOINT } from "../../src/analytics/config";
import { notFoundPage, sitePages } from "../../src/site-paths";
import {
  buildWithProxy,
  EVENT_PROXY_PATH,
  PROXY_SITE_PORT,
  PROXY_UPSTREAM_PORT,
  startEventRecorder,
} from "./event-proxy";
import { HOSTS_WORK_DIR } from "./host-stack";
import { startWrangler } from "./wrangler";

const FOLDER = resolve(HOSTS_WORK_DIR, "proxy-cloudflare");
const LOG = resolve(FOLDER, "wrangler.log");
const SITE = `http://127.0.0.1:${PROXY_SITE_PORT}`;
/** An event as Plausible's tracker sends it: JSON as text/plain. */
const EVENT =
  '{"n":"pageview","u":"https://bulwark.example.com/","d":"bulwark.example.com","r":null}';
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

let recorder: Awaited<ReturnType<typeof startEventRecorder>> | undefined;
let site: Awaited<ReturnType<typeof startWrangler>> | undefined;
let built: Awaited<ReturnType<typeof buildWithProxy>>;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  recorder = await startEventRecorder();
  built = await buildWithProxy(FOLDER, recorder.url);
  site = await startWrangler({
    distDir: built.distDir,
    port: PROXY_SITE_PORT,
    workDir: FOLDER,
    logFile: LOG,
  });
});

test.afterAll(async () => {
  await site?.close();
  await recorder?.close();
});

test.beforeEach(() => {
  recorder?.received.splice(0);
});

/** wrangler's log as text: it underlines a URL it quotes, colours off or not. */
async function readLog(file: string): Promise<string> {
  return stripVTControlCharacters(await readFile(file, "utf8"));
}

/**
 * wrangler's log names each `_redirects` line it refused: only the endpoint's external 200 line,
 * the last, and every other rule parsed.
 */
async function expectOnlyTheProxyLineSkipped(log: string, distDir: string, upstream: string) {
  const rules = (await readFile(resolve(distDir, "_redirects"), "utf8"))
    .split("\n")
    .filter((line) => line.trim());
  const proxyLine = `${EVENT_PROXY_PATH} ${upstream} 200`;
  expect(rules.at(-1)).toBe(proxyLine);
  expect(log).toMatch(new RegExp(`Parsed ${rules.length - 1} valid redirect rules\\.`));
  expect(log).toContain("Found 1 invalid redirect rule:");
  expect(log).toContain(`_redirects:${rules.length} | ${proxyLine}`);
  expect(log).toContain("Compiled Worker successfully");
}

test("as deployed (Plausible's https address), wrangler skips only the endpoint's line of _redirects, with a warning, and runs the worker", async () => {
  const folder = resolve(HOSTS_WORK_DIR, "proxy-cloudflare-https");
  const deployed = await buildWithProxy(folder, DEFAULT_PLAUSIBLE_ENDPOINT);
  const logFile = resolve(folder, "wrangler.log");
  const started = await startWrangler({
    distDir: deployed.distDir,
    port: PROXY_UPSTREAM_PORT,
    workDir: folder,
    logFile,
  });
  await started.close();
  const log = await readLog(logFile);
  await expectOnlyTheProxyLineSkipped(log, deployed.distDir, DEFAULT_PLAUSIBLE_ENDPOINT);
  expect(log).toContain(
    `Proxy (200) redirects can only point to relative paths. Got ${DEFAULT_PLAUSIBLE_ENDPOINT}`,
  );
});

test("with the stand-in's http address, the same line alone is skipped", async () => {
  await expectOnlyTheProxyLineSkipped(await readLog(LOG), built.distDir, recorder?.url ?? "");
});

test("an event posted to the endpoint reaches Plausible with the visitor's address, its body and User-Agent, and Plausible's answer comes back", async ({
  request,
}) => {
  const response = await request.post(`${SITE}${EVENT_PROXY_PATH}`, {
    headers: {
      "content-type": "text/plain",
      "user-agent": BROWSER,
      cookie: "session=not-for-plausible",
    },
    data: EVENT,
  });
  expect(response.status()).toBe(202);
  expect(await response.text()).toBe("ok");
  expect(recorder?.received).toHaveLength(1);
  const [event] = recorder?.received ?? [];
  expect(event?.method).toBe("POST");
  expect(event?.path).toBe("/api/event");
  expect(event?.body).toBe(EVENT);
  expect(event?.headers["content-type"]).toBe("text/plain");
  expect(event?.headers["user-agent"]).toBe(BROWSER);
  // wrangler's stand-in for the edge sets CF-Connecting-IP to the connection's address.
  expect(event?.headers["x-forwarded-for"]).toBe("127.0.0.1");
  expect(event?.headers.cookie).toBeUndefined();
});

test("the address forwarded is the one Cloudflare's edge vouches for, never one the request claims", async ({
  request,
}) => {
  const response = await request.post(`${SITE}${EVENT_PROXY_PATH}`, {
    headers: {
      "content-type": "text/plain",
      // What the edge sets on every request it passes to Pages (wrangler keeps one sent to it).
      "cf-connecting-ip": "203.0.113.7",
      "x-forwarded-for": "198.51.100.1",
    },
    data: EVENT,
  });
  expect(response.status()).toBe(202);
  expect(recorder?.received.map((event) => event.headers["x-forwarded-for"])).toEqual([
    "203.0.113.7",
  ]);
  expect(recorder?.received[0]?.headers["cf-connecting-ip"]).toBeUndefined();
});

test("every other path is served from the files with _headers and _redirects, the worker never run", async ({
  request,
}) => {
  const expected = securityHeaders(built.settings);
  for (const { path } of sitePages) {
    const response = await request.get(`${SITE}${path}`, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"], path).toBe(cacheControl(path));
    for (const [name, value] of Object.entries(expected)) {
      expect(response.headers()[name.toLowerCase()], `${name} on ${path}`).toBe(value);
    }
  }
  for (const path of [notFoundPage.path, "/pricing", `${EVENT_PROXY_PATH}/more`, "/p7/api"]) {
    const response = await request.get(`${SITE}${path}`);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toMatch(/<h1[^>]*>404 Page Not Found<\/h1>/);
  }
  expect(recorder?.received).toEqual([]);
});

test("the deploy files, the worker and its routes included, are never served", async ({
  request,
}) => {
  const written = Object.keys(hostFiles(built.settings));
  expect(written).toEqual(expect.arrayContaining(["_worker.js", "_routes.json"]));
  for (const name of written) {
    const served = await readFile(resolve(built.distDir, name), "utf8");
    const response = await request.get(`${SITE}/${name}`);
    expect(response.status(), name).toBe(404);
    expect(await response.text(), name).not.toContain(served.trim());
  }
});
