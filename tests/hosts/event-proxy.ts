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
/** An event as Plausible's tracker sends it: JSON as text/plain. */
export const EVENT =
  '{"n":"pageview","u":"https://bulwark.example.com/","d":"bulwark.example.com","r":null}';
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
  const settings = { ...built, analyticsProxy: { path: EVENT_PROXY_PATH, upstream } };
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
 * What Plausible heard of one `EVENT` posted by `BROWSER` through a host's proxy: that one request,
 * a POST to its event path with the body and the two headers a proxy passes on, the visitor's
 * address as the host vouches for it in both forwarding headers, and no cookie or Authorization.
 */
export function expectForwardedEvent(received: ForwardedEvent[], address: string): void {
  expect(received).toHaveLength(1);
  const [event] = received;
  expect(event?.method).toBe("POST");
  expect(event?.path).toBe("/api/event");
  expect(event?.body).toBe(EVENT);
  expect(event?.headers["content-type"]).toBe("text/plain");
  expect(event?.headers["user-agent"]).toBe(BROWSER);
  expect(event?.headers["x-forwarded-for"]).toBe(address);
  expect(event?.headers["x-plausible-ip"]).toBe(address);
  expect(event?.headers.cookie).toBeUndefined();
  expect(event?.headers.authorization).toBeUndefined();
}

/** Plausible's event API as far as a proxy can tell: 202 "ok" for every request, each recorded. */
export async function startEventRecorder(): Promise<{
  url: string;
  received: ForwardedEvent[];
  close(): Promise<void>;
}> {
  const received: ForwardedEvent[] = [];
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
      response.writeHead(202, { "content-type": "text/plain; charset=utf-8" }).end("ok");
    });
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/event`,
    received,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
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
