/**
 * The field signals' first-party endpoint on Netlify: the build with the proxy served by Netlify's
 * own CLI (`netlify serve --offline`, tests/hosts/netlify.ts), whose edge function (the event proxy
 * of scripts/build/event-proxy/, read from `.netlify/v1/edge-functions/` as Netlify's Frameworks API
 * says) forwards each event to a stand-in for Plausible on this machine.
 */
import { resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { portOf } from "../e2e/support/stack-ports";
import {
  BROWSER,
  buildWithProxy,
  EVENT_PROXY_PATH,
  expectForwardedEvent,
  expectProxyHeaders,
  expectRefusals,
  PROXY_RULES,
  postingTo,
  siteEvent,
  startEventRecorder,
} from "./event-proxy";
import { HOSTS_WORK_DIR } from "./host-stack";
import { startNetlify } from "./netlify";

const FOLDER = resolve(HOSTS_WORK_DIR, "proxy-netlify");
const SITE = `http://127.0.0.1:${portOf("hostsNetlifySite")}`;
/** An event of a page Netlify's CLI serves. */
const EVENT = siteEvent(SITE);

let recorder: Awaited<ReturnType<typeof startEventRecorder>> | undefined;
let site: Awaited<ReturnType<typeof startNetlify>> | undefined;
let built: Awaited<ReturnType<typeof buildWithProxy>>;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  recorder = await startEventRecorder();
  built = await buildWithProxy(FOLDER, recorder.url);
  site = await startNetlify({
    buildDir: FOLDER,
    port: portOf("hostsNetlifySite"),
    staticPort: portOf("hostsNetlifyStatic"),
    logFile: resolve(FOLDER, "netlify.log"),
  });
});

test.afterAll(async () => {
  await site?.close();
  await recorder?.close();
});

test.beforeEach(() => {
  recorder?.received.splice(0);
});

test("an event posted to the endpoint reaches Plausible with Netlify's word for the visitor's address, its body and User-Agent and nothing else, and Plausible's answer comes back with the site's headers", async ({
  request,
}) => {
  const response = await request.post(`${SITE}${EVENT_PROXY_PATH}`, {
    headers: {
      "content-type": "text/plain",
      "user-agent": BROWSER,
      cookie: "session=not-for-plausible",
      authorization: "Basic c3RhZ2luZzpzZWNyZXQ=",
      "x-forwarded-for": "198.51.100.1",
      "x-plausible-ip": "198.51.100.2",
      // Netlify's own client-address header: its edge, and here its CLI, sets it over this one.
      "x-nf-client-connection-ip": "198.51.100.3",
    },
    data: EVENT,
  });
  expect(response.status()).toBe(202);
  expect(await response.text()).toBe("ok");
  expect(response.headers()["x-nf-edge-functions"]).toBe("event-proxy");
  expectProxyHeaders(built.settings, response.headers(), "the upstream's answer");
  // The CLI's context.ip is the connection's address, as Netlify's edge gives the visitor's.
  expectForwardedEvent(recorder?.received ?? [], "127.0.0.1", EVENT);
});

for (const { rule, check } of PROXY_RULES) {
  test(`the proxy's rules: ${rule}`, async ({ request }) => {
    if (!recorder) throw new Error("Plausible's stand-in did not start");
    const post = postingTo(request, `${SITE}${EVENT_PROXY_PATH}`);
    await check({ post, site: SITE, settings: built.settings, recorder });
  });
}

test("what is not an event is refused by the edge function with the site's headers, and Plausible never hears of it", async ({
  request,
}) => {
  await expectRefusals(request, `${SITE}${EVENT_PROXY_PATH}`, built.settings, () => [
    ...(recorder?.received ?? []),
  ]);
});

test("the pages are served from the files, the edge function never run for them", async ({
  request,
}) => {
  for (const path of ["/", `${EVENT_PROXY_PATH}/more`]) {
    const response = await request.get(`${SITE}${path}`);
    expect(response.headers()["x-nf-edge-functions"], path).toBeUndefined();
  }
  expect((await request.get(`${SITE}/`)).status()).toBe(200);
  expect(recorder?.received).toEqual([]);
});
