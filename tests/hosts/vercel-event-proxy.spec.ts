/**
 * The field signals' first-party endpoint on Vercel: `vercel build` of the build with the proxy,
 * whose routes must run the event proxy's middleware (scripts/build/event-proxy/) for the endpoint
 * alone and whose public output must hold none of the deploy files; then the Edge Function it built,
 * run in Vercel's edge runtime against a stand-in for Plausible on this machine.
 */
import { resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { HOST_FILE_NAMES } from "../../scripts/build/host-files";
import { eventProxyHeaders, securityHeaders } from "../../scripts/build/http-headers";
import { sitePages } from "../../src/site-paths";
import {
  BROWSER,
  buildWithProxy,
  EVENT_PROXY_PATH,
  expectForwardedEvent,
  type PostEvent,
  PROXY_RULES,
  siteEvent,
  startEventRecorder,
} from "./event-proxy";
import { HOSTS_WORK_DIR } from "./host-stack";
import { type Route, type VercelBuild, vercelBuild } from "./vercel-build";
import { type EdgeFunction, loadEdgeFunction } from "./vercel-edge";

let build: VercelBuild | undefined;
let built: Awaited<ReturnType<typeof buildWithProxy>>;
let recorder: Awaited<ReturnType<typeof startEventRecorder>> | undefined;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  recorder = await startEventRecorder();
  built = await buildWithProxy(resolve(HOSTS_WORK_DIR, "proxy-vercel"), recorder.url);
  build = await vercelBuild(built.distDir);
});

test.afterAll(async () => {
  await build?.remove();
  await recorder?.close();
});

test.beforeEach(() => {
  recorder?.received.splice(0);
});

const middlewareRoutes = (): Route[] =>
  (build?.config.routes ?? []).filter((route) => route.middlewarePath !== undefined);

/** The site as the middleware sees it, and an event of one of its pages. */
const SITE = "https://bulwark.example.com";
const EVENT = siteEvent(SITE);

/** The Edge Function Vercel built of the middleware, run in Vercel's edge runtime. */
async function builtMiddleware(): Promise<EdgeFunction> {
  const [route] = middlewareRoutes();
  return loadEdgeFunction(
    (await build?.outputFile(`functions/${route?.middlewarePath}.func/middleware.js`)) ?? "",
  );
}

test("the endpoint, and only the endpoint, runs the middleware, an Edge Function", async () => {
  const routes = middlewareRoutes();
  expect(routes).toHaveLength(1);
  const [route] = routes;
  expect(route?.middlewareRawSrc).toEqual([EVENT_PROXY_PATH]);
  const matches = new RegExp(route?.src ?? "^$");
  expect(matches.test(EVENT_PROXY_PATH)).toBe(true);
  for (const other of ["/", "/success", `${EVENT_PROXY_PATH}/more`, "/p7/api", "/api/event"]) {
    expect(matches.test(other), other).toBe(false);
  }
  const all = build?.config.routes ?? [];
  expect(all.indexOf(route ?? {})).toBeLessThan(all.findIndex((r) => r.handle === "error"));
  const config = JSON.parse(
    (await build?.outputFile(`functions/${route?.middlewarePath}.func/.vc-config.json`)) ?? "{}",
  );
  expect(config.runtime).toBe("edge");
});

test("every path still gets every security header", () => {
  const everywhere = build?.config.routes.find((route) => route.src === "^(?:/(.*))$");
  expect(everywhere?.headers).toMatchObject(securityHeaders(built.settings));
});

test("none of the deploy files is in the public output, the middleware included", async () => {
  const files = (await build?.publicFiles()) ?? [];
  for (const name of HOST_FILE_NAMES) expect(files, name).not.toContain(name);
  for (const page of sitePages) expect(files).toContain(page.file);
});

test("the middleware Vercel built forwards an event with X-Real-IP, Vercel's word for the visitor, and nothing the request claims", async () => {
  const middleware = await builtMiddleware();
  const answer = await middleware(`${SITE}${EVENT_PROXY_PATH}`, {
    method: "POST",
    headers: {
      "content-type": "text/plain",
      "user-agent": BROWSER,
      // Set by Vercel's edge over any value the client sent (its request headers reference).
      "x-real-ip": "203.0.113.7",
      "x-forwarded-for": "198.51.100.1",
      "x-plausible-ip": "198.51.100.2",
      cookie: "session=not-for-plausible",
      authorization: "Basic c3RhZ2luZzpzZWNyZXQ=",
    },
    body: EVENT,
  });
  expect(answer.status).toBe(202);
  expect(await answer.text()).toBe("ok");
  for (const [name, value] of Object.entries(eventProxyHeaders(built.settings))) {
    expect(answer.headers.get(name), name).toBe(value);
  }
  expectForwardedEvent(recorder?.received ?? [], "203.0.113.7", EVENT);
  const read = await middleware(`${SITE}${EVENT_PROXY_PATH}`, {});
  expect(read.status).toBe(405);
  expect(recorder?.received).toHaveLength(1);
});

test("the middleware checks the path itself: any other goes on to the files, never forwarded", async () => {
  const middleware = await builtMiddleware();
  for (const path of ["/", "/success", `${EVENT_PROXY_PATH}/more`, "/p7/api"]) {
    const answer = await middleware(`${SITE}${path}`, {
      method: "POST",
      headers: { "content-type": "text/plain", "user-agent": BROWSER },
      body: EVENT,
    });
    // Vercel's word for "go on as if the middleware had not run" (next() of @vercel/functions).
    expect(answer.headers.get("x-middleware-next"), path).toBe("1");
    expect(answer.body, path).toBeNull();
  }
  expect(recorder?.received).toEqual([]);
});

for (const { rule, check } of PROXY_RULES) {
  test(`the proxy's rules: ${rule}`, async () => {
    if (!recorder) throw new Error("Plausible's stand-in did not start");
    await check({
      post: await postingToMiddleware(),
      site: SITE,
      settings: built.settings,
      recorder,
    });
  });
}

/** The endpoint of the middleware Vercel built, posted to as a client would. */
async function postingToMiddleware(): Promise<PostEvent> {
  const middleware = await builtMiddleware();
  return async (body, headers = {}) => {
    const answer = await middleware(`${SITE}${EVENT_PROXY_PATH}`, {
      method: "POST",
      headers: { "content-type": "text/plain", "user-agent": BROWSER, ...headers },
      body,
    });
    return {
      status: answer.status,
      headers: Object.fromEntries(answer.headers.entries()),
      text: await answer.text(),
    };
  };
}
