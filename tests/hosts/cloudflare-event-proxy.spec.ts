/**
 * The field signals' first-party endpoint on Cloudflare Pages: the build with the proxy served by
 * `wrangler pages dev`, whose `_worker.js` (advanced mode, run by `_routes.json` for the endpoint
 * alone: the event proxy of scripts/build/event-proxy/) forwards each event to a stand-in for
 * Plausible on this machine.
 */
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { expect, test } from "@playwright/test";
import { hostFiles } from "../../scripts/build/host-files";
import { cacheControl, securityHeaders } from "../../scripts/build/http-headers";
import { notFoundPage, sitePages } from "../../src/site-paths";
import { NOT_FOUND } from "../e2e/support/words";
import {
  BROWSER,
  buildWithProxy,
  EVENT_PROXY_PATH,
  expectForwardedEvent,
  expectProxyHeaders,
  expectRefusals,
  PROXY_RULES,
  PROXY_SITE_PORT,
  postingTo,
  siteEvent,
  startEventRecorder,
} from "./event-proxy";
import { HOSTS_WORK_DIR } from "./host-stack";
import { startWrangler } from "./wrangler";

const FOLDER = resolve(HOSTS_WORK_DIR, "proxy-cloudflare");
const LOG = resolve(FOLDER, "wrangler.log");
const SITE = `http://127.0.0.1:${PROXY_SITE_PORT}`;
/** An event of a page the worker serves. */
const EVENT = siteEvent(SITE);

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

/** What a client might send beside the event, none of it for Plausible. */
const CLAIMS = {
  cookie: "session=not-for-plausible",
  authorization: "Basic c3RhZ2luZzpzZWNyZXQ=",
  "x-forwarded-for": "198.51.100.1",
  "x-plausible-ip": "198.51.100.2",
};

test("wrangler parses every rule of _redirects and compiles the worker", async () => {
  const log = await readLog(LOG);
  const rules = (await readFile(resolve(built.distDir, "_redirects"), "utf8"))
    .split("\n")
    .filter((line) => line.trim());
  expect(log).toMatch(new RegExp(`Parsed ${rules.length} valid redirect rules\\.`));
  expect(log).not.toContain("invalid redirect");
  expect(log).toContain("Compiled Worker successfully");
});

test("an event posted to the endpoint reaches Plausible with the visitor's address, its body and User-Agent and nothing else, and Plausible's answer comes back with the site's headers", async ({
  request,
}) => {
  const response = await request.post(`${SITE}${EVENT_PROXY_PATH}`, {
    headers: { "content-type": "text/plain", "user-agent": BROWSER, ...CLAIMS },
    data: EVENT,
  });
  expect(response.status()).toBe(202);
  expect(await response.text()).toBe("ok");
  expectProxyHeaders(built.settings, response.headers(), "the upstream's answer");
  // wrangler's stand-in for the edge sets CF-Connecting-IP to the connection's address.
  expectForwardedEvent(recorder?.received ?? [], "127.0.0.1", EVENT);
});

for (const { rule, check } of PROXY_RULES) {
  test(`the proxy's rules: ${rule}`, async ({ request }) => {
    if (!recorder) throw new Error("Plausible's stand-in did not start");
    const post = postingTo(request, `${SITE}${EVENT_PROXY_PATH}`);
    await check({ post, site: SITE, settings: built.settings, recorder });
  });
}

test("the address forwarded is the one Cloudflare's edge vouches for, never one the request claims", async ({
  request,
}) => {
  const response = await request.post(`${SITE}${EVENT_PROXY_PATH}`, {
    headers: {
      "content-type": "text/plain",
      // What the edge sets on every request it passes to Pages (wrangler keeps one sent to it).
      "cf-connecting-ip": "203.0.113.7",
      ...CLAIMS,
    },
    data: EVENT,
  });
  expect(response.status()).toBe(202);
  const [event] = recorder?.received ?? [];
  expect(recorder?.received).toHaveLength(1);
  expect(event?.headers["x-forwarded-for"]).toBe("203.0.113.7");
  expect(event?.headers["x-plausible-ip"]).toBe("203.0.113.7");
  expect(event?.headers["cf-connecting-ip"]).toBeUndefined();
});

test("what is not an event is refused at the edge with the site's headers, and Plausible never hears of it", async ({
  request,
}) => {
  await expectRefusals(request, `${SITE}${EVENT_PROXY_PATH}`, built.settings, () => [
    ...(recorder?.received ?? []),
  ]);
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
    expect(await response.text(), path).toContain(`>${NOT_FOUND.heading}</h1>`);
  }
  expect(recorder?.received).toEqual([]);
});

test("the deploy files, the worker and its routes included, are never served", async ({
  request,
}) => {
  const written = Object.keys(await hostFiles(built.settings));
  expect(written).toEqual(expect.arrayContaining(["_worker.js", "_routes.json", "middleware.js"]));
  for (const name of written) {
    const served = await readFile(resolve(built.distDir, name), "utf8");
    const response = await request.get(`${SITE}/${name}`);
    expect(response.status(), name).toBe(404);
    expect(await response.text(), name).not.toContain(served.trim());
  }
});
