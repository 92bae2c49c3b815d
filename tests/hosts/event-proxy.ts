/**
 * The hosts' proxy for a first-party analytics endpoint: the hosts stack's build with the deploy
 * files a build with `analyticsProxy` writes (scripts/build/host-files.ts: each host's copy of
 * scripts/build/event-proxy/), and a stand-in for Plausible's event API that records what each
 * forwarded request brought. The pages of a build with the field signals differ only in what the
 * hosts never read, so the stack's one build serves for both.
 */
import { cp, mkdir, writeFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, resolve } from "node:path";
import { type APIRequestContext, expect } from "@playwright/test";
import { besideDistFiles, hostFiles } from "../../scripts/build/host-files";
import { type BuildSettings, eventProxyHeaders } from "../../scripts/build/http-headers";
import { readBuildSettings } from "../../server/preview";
import { portOf } from "../e2e/support/stack-ports";
import { HOSTS_DIST_DIR, HOSTS_WORK_DIR } from "./host-stack";

/** A generic name, as Plausible advises: blocklists match "analytics", "stats" or "plausible". */
export const EVENT_PROXY_PATH = "/p7/api/event";
/** The site's domain in Plausible, as the build with the proxy has it (VITE_PLAUSIBLE_DOMAIN). */
const EVENT_DOMAIN = "bulwark.example.com";
/**
 * An event as Plausible's tracker sends it from a page of `site` (the origin the host serves the
 * endpoint on): JSON as text/plain; `fields` change it.
 */
export function siteEvent(site: string, fields: Record<string, unknown> = {}): string {
  return JSON.stringify({ n: "pageview", u: `${site}/`, d: EVENT_DOMAIN, r: null, ...fields });
}
export const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

/** wrangler serving the build with the proxy, beside the stack's own. */
export const PROXY_SITE_PORT = portOf("hostsProxySite");

/**
 * Copies the stack's build into `folder` with the deploy files of the same build made with the
 * proxy to `upstream`, and Netlify's edge function beside its dist/ as the build writes it; returns
 * the copy's dist/ and the settings it was written with.
 */
export async function buildWithProxy(
  folder: string,
  upstream: string,
): Promise<{ distDir: string; settings: BuildSettings }> {
  const distDir = resolve(folder, "dist");
  await mkdir(folder, { recursive: true });
  await cp(HOSTS_DIST_DIR, distDir, { recursive: true });
  const built = await readBuildSettings(resolve(HOSTS_WORK_DIR, "build"));
  const settings = {
    ...built,
    analyticsProxy: { path: EVENT_PROXY_PATH, upstream, domain: EVENT_DOMAIN },
  };
  for (const [name, text] of Object.entries(await hostFiles(settings))) {
    await writeFile(resolve(distDir, name), text);
  }
  for (const [path, text] of Object.entries(await besideDistFiles(settings))) {
    await mkdir(dirname(resolve(folder, path)), { recursive: true });
    await writeFile(resolve(folder, path), text);
  }
  return { distDir, settings };
}

export type ForwardedEvent = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
};

/**
 * What Plausible heard of one `event` posted by `BROWSER` through a host's proxy: that one request,
 * a POST to its event path with the body and the two headers a proxy passes on, the visitor's
 * address as the host vouches for it in both forwarding headers, and no cookie or Authorization.
 */
export function expectForwardedEvent(
  received: ForwardedEvent[],
  address: string,
  event: string,
): void {
  expect(received).toHaveLength(1);
  const [forwarded] = received;
  expect(forwarded?.method).toBe("POST");
  expect(forwarded?.path).toBe("/api/event");
  expect(forwarded?.body).toBe(event);
  const headers = forwarded?.headers;
  expect(headers?.["content-type"]).toBe("text/plain");
  expect(headers?.["user-agent"]).toBe(BROWSER);
  expect(headers?.["x-forwarded-for"]).toBe(address);
  expect(headers?.["x-plausible-ip"]).toBe(address);
  expect(headers?.cookie).toBeUndefined();
  expect(headers?.authorization).toBeUndefined();
}

/**
 * Plausible's event API as far as a proxy can tell: 202 "ok" for every request, each recorded;
 * `answerType` is the type it names (Plausible's `text/plain` unless a test sets another).
 */
export async function startEventRecorder(): Promise<{
  url: string;
  received: ForwardedEvent[];
  answerType: string;
  close(): Promise<void>;
}> {
  const received: ForwardedEvent[] = [];
  const recorder = { answerType: "text/plain; charset=utf-8" };
  const server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        path: request.url ?? "",
        headers: request.headers,
        body,
      });
      response.writeHead(202, { "content-type": recorder.answerType }).end("ok");
    });
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  return Object.assign(recorder, {
    url: `http://127.0.0.1:${port}/api/event`,
    received,
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  });
}

/** The headers every answer of the proxy carries (scripts/build/http-headers.ts), on `what`. */
export function expectProxyHeaders(
  settings: BuildSettings,
  headers: Record<string, string>,
  what: string,
) {
  for (const [name, value] of Object.entries(eventProxyHeaders(settings))) {
    expect(headers[name.toLowerCase()], `${name} on ${what}`).toBe(value);
  }
}

/**
 * What is not an event, refused at `url` with the proxy's headers: a GET (405, `Allow: POST`), a
 * form (415) and a body past 4 KiB (413); none of them reaches Plausible (`received`).
 */
export async function expectRefusals(
  request: APIRequestContext,
  url: string,
  settings: BuildSettings,
  received: () => ForwardedEvent[],
) {
  const read = await request.get(url);
  expect(read.status()).toBe(405);
  expect(read.headers().allow).toBe("POST");
  expectProxyHeaders(settings, read.headers(), "a GET");
  const form = await request.post(url, { form: { n: "pageview" } });
  expect(form.status()).toBe(415);
  expectProxyHeaders(settings, form.headers(), "a form");
  const large = await request.post(url, {
    headers: { "content-type": "application/json" },
    data: `{"n":"pageview","p":"${"x".repeat(5000)}"}`,
  });
  expect(large.status()).toBe(413);
  expectProxyHeaders(settings, large.headers(), "a large body");
  expect(received()).toEqual([]);
}

/** An answer of a host's proxy, however the test reached it. */
type ProxyAnswer = { status: number; headers: Record<string, string>; text: string };
/** Posts `body` with `headers` (beside a browser's JSON-as-text type) to a host's proxy. */
export type PostEvent = (body: string, headers?: Record<string, string>) => Promise<ProxyAnswer>;

/** A host's endpoint on `url`, posted to as a client would, through Playwright's request. */
export function postingTo(request: APIRequestContext, url: string): PostEvent {
  return async (body, headers = {}) => {
    const response = await request.post(url, {
      headers: { "content-type": "text/plain", "user-agent": BROWSER, ...headers },
      data: body,
    });
    return { status: response.status(), headers: response.headers(), text: await response.text() };
  };
}

type Recorder = Awaited<ReturnType<typeof startEventRecorder>>;

/** What one rule's check is given: the host's endpoint, the origin it serves, its build, Plausible. */
export type ProxyRuleContext = {
  post: PostEvent;
  site: string;
  settings: BuildSettings;
  recorder: Recorder;
};

/**
 * `event`, posted with `headers`, refused with 400 and the proxy's `reason`, as plain text with the
 * proxy's headers; Plausible hears nothing of it.
 */
async function expectRefused(
  { post, settings, recorder }: ProxyRuleContext,
  reason: string,
  event: string,
  headers: Record<string, string> = {},
): Promise<void> {
  recorder.received.splice(0);
  const answer = await post(event, headers);
  expect(answer.status).toBe(400);
  expect(answer.text).toBe(`${reason}\n`);
  expectProxyHeaders(settings, answer.headers, "the refusal");
  expect(answer.headers["content-type"]).toBe("text/plain; charset=utf-8");
  expect(recorder.received).toEqual([]);
}

const CROSS_SITE = "Events come from this site's pages.";

/**
 * Each rule of the proxy (scripts/build/event-proxy/handler.ts), for each host's spec to run as a
 * test of its own on that host's runtime: only the site's own events are forwarded (its domain, the
 * tracker's names, fields and properties, a page of the origin the host serves the endpoint on),
 * their URL and referrer cleaned on the way; a post from another site's page is refused; whatever
 * type Plausible names, the answer is plain text.
 */
export const PROXY_RULES: { rule: string; check(context: ProxyRuleContext): Promise<void> }[] = [
  {
    rule: "an event for another Plausible domain is refused",
    check: (context) =>
      expectRefused(
        context,
        "The event is for another site.",
        siteEvent(context.site, { d: "other.example" }),
      ),
  },
  {
    rule: "an event the tracker never sends is refused",
    check: (context) =>
      expectRefused(
        context,
        "The event is none of those this site sends.",
        siteEvent(context.site, { n: "Outbound Link: Click" }),
      ),
  },
  {
    rule: "an event with a field the tracker never sends (a revenue) is refused",
    check: (context) =>
      expectRefused(
        context,
        "The event has a field this site's tracker never sends.",
        siteEvent(context.site, { n: "Signup", $: { amount: "1000", currency: "EUR" } }),
      ),
  },
  {
    rule: "an event with a property its name never carries is refused",
    check: (context) =>
      expectRefused(
        context,
        "The event's properties are none of those this site sends.",
        siteEvent(context.site, { n: "Signup", p: { email: "ada@example.com" } }),
      ),
  },
  {
    rule: "an event about another site's page is refused",
    check: (context) =>
      expectRefused(
        context,
        "The event is about a page of another site.",
        siteEvent(context.site, { u: "https://other.example/" }),
      ),
  },
  {
    rule: "a post another site's page makes (Sec-Fetch-Site) is refused",
    check: (context) =>
      expectRefused(context, CROSS_SITE, siteEvent(context.site), {
        "sec-fetch-site": "cross-site",
      }),
  },
  {
    rule: "a post with another site's Origin is refused",
    check: (context) =>
      expectRefused(context, CROSS_SITE, siteEvent(context.site), {
        origin: "https://other.example",
      }),
  },
  {
    rule: "the site's own event reaches Plausible with its page and referrer cleaned on the way",
    async check({ post, site, recorder }) {
      recorder.received.splice(0);
      const answer = await post(
        siteEvent(site, {
          n: "Signup",
          u: `${site}/ada@example.com?utm_source=hn&utm_content=YWRhQGV4YW1wbGUuY29t#x`,
          r: "https://mail.example/inbox/ada@example.com",
        }),
        { "sec-fetch-site": "same-origin", origin: site },
      );
      expect(answer.status).toBe(202);
      expect(recorder.received.map(({ body }) => JSON.parse(body))).toEqual([
        { n: "Signup", u: `${site}/404?utm_source=hn`, d: EVENT_DOMAIN, r: "https://mail.example" },
      ]);
    },
  },
  {
    rule: "the answer is plain text whatever type Plausible names",
    async check({ post, site, settings, recorder }) {
      recorder.answerType = "text/html; charset=utf-8";
      try {
        const answer = await post(siteEvent(site));
        expect(answer.status).toBe(202);
        expect(answer.text).toBe("ok");
        expect(answer.headers["content-type"]).toBe("text/plain; charset=utf-8");
        expectProxyHeaders(settings, answer.headers, "Plausible's answer");
      } finally {
        recorder.answerType = "text/plain; charset=utf-8";
      }
    },
  },
];
