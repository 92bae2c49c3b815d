import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { HOST_FILE_NAMES, hostFiles } from "./host-files";
import { type BuildSettings, netlifyHeadersFile, vercelConfig } from "./http-headers";

const settings: BuildSettings = {
  emailOrigin: "https://api.emailjs.com/",
  inlineScriptHashes: ["sha256-loader"],
  inlineStyleHashes: ["sha256-css"],
};
const PROXY = { path: "/p7/api/event", upstream: "https://plausible.io/api/event" };
const withProxy: BuildSettings = { ...settings, analyticsProxy: PROXY };

describe("hostFiles without a first-party endpoint", () => {
  it("writes the four deploy files, byte for byte as before the proxy existed", () => {
    const files = hostFiles(settings);
    expect(Object.keys(files)).toEqual(["_headers", "_redirects", "vercel.json", ".vercelignore"]);
    expect(files._headers).toBe(netlifyHeadersFile(settings));
    expect(files._redirects).toBe(
      [
        "/404 /.not-found 200",
        "/_headers /.not-found 200",
        "/_redirects /.not-found 200",
        "/vercel.json /.not-found 200",
        "/.vercelignore /.not-found 200",
        "",
      ].join("\n"),
    );
    expect(files["vercel.json"]).toBe(vercelConfig(settings));
    expect(files[".vercelignore"]).toBe("_headers\n_redirects\n");
  });

  it("writes the same with the other optional settings on (the bot check, a cross-origin endpoint)", () => {
    const other = {
      ...settings,
      recaptchaOrigin: "https://www.google.com",
      analyticsOrigin: "https://plausible.io",
    };
    const files = hostFiles(other);
    expect(Object.keys(files)).toEqual(["_headers", "_redirects", "vercel.json", ".vercelignore"]);
    expect(files._redirects).toBe(hostFiles(settings)._redirects);
    expect(files["vercel.json"]).toBe(vercelConfig(other));
  });
});

describe("hostFiles with a first-party endpoint", () => {
  const files = hostFiles(withProxy);

  it("adds Cloudflare's worker and its routes, and hides them from every host as the others", () => {
    expect(Object.keys(files).sort()).toEqual([...HOST_FILE_NAMES].sort());
    expect(files._redirects?.split("\n")).toEqual([
      "/404 /.not-found 200",
      "/_headers /.not-found 200",
      "/_redirects /.not-found 200",
      "/vercel.json /.not-found 200",
      "/.vercelignore /.not-found 200",
      "/_worker.js /.not-found 200",
      "/_routes.json /.not-found 200",
      "/p7/api/event https://plausible.io/api/event 200",
      "",
    ]);
    expect(files[".vercelignore"]).toBe("_headers\n_redirects\n_worker.js\n_routes.json\n");
    expect(files._headers).toBe(netlifyHeadersFile(settings));
  });

  it("gives Vercel the endpoint's rewrite to the upstream and changes nothing else", () => {
    const { rewrites, ...rest } = JSON.parse(files["vercel.json"] ?? "");
    expect(rewrites).toEqual([
      { source: "/p7/api/event", destination: "https://plausible.io/api/event" },
    ]);
    expect(rest).toEqual(JSON.parse(vercelConfig(settings)));
  });

  it("runs Cloudflare's worker for the endpoint alone", () => {
    expect(JSON.parse(files["_routes.json"] ?? "")).toEqual({
      version: 1,
      include: ["/p7/api/event"],
      exclude: [],
    });
  });

  it.each([
    ["a pattern", "/p7/*"],
    ["a placeholder", "/p7/:name"],
    ["a query", "/p7/api/event?x=1"],
    ["a space", "/p7/api event"],
    ["a dot segment", "/p7/../event"],
    ["no path", "/"],
  ])("refuses an endpoint with %s, naming the setting", (_, path) => {
    expect(() => hostFiles({ ...settings, analyticsProxy: { ...PROXY, path } })).toThrow(
      /^VITE_PLAUSIBLE_ENDPOINT /,
    );
  });

  it.each([
    "plausible.io/api/event",
    "ftp://plausible.io/api/event",
    "https://plausible.io/api/event 200",
  ])("refuses the upstream %j, naming the setting", (upstream) => {
    expect(() => hostFiles({ ...settings, analyticsProxy: { ...PROXY, upstream } })).toThrow(
      /^PLAUSIBLE_UPSTREAM /,
    );
  });
});

/** The built `_worker.js`, loaded as Cloudflare loads it: an ES module with a default `fetch`. */
type Worker = {
  fetch(
    request: Request,
    env: { ASSETS: { fetch(request: Request): Promise<Response> } },
  ): Promise<Response>;
};

describe("Cloudflare's _worker.js", () => {
  let folder: string | undefined;
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    assets.fetch.mockClear();
  });

  async function loadWorker(): Promise<Worker> {
    folder ??= await mkdtemp(join(tmpdir(), "host-files-"));
    const file = join(folder, "_worker.mjs");
    await writeFile(file, hostFiles(withProxy)["_worker.js"] ?? "");
    return (await import(/* @vite-ignore */ pathToFileURL(file).href)).default as Worker;
  }

  const assets = { fetch: vi.fn(async () => new Response("a page", { status: 200 })) };
  const EVENT = '{"n":"pageview","u":"https://bulwark.example.com/","d":"bulwark.example.com"}';

  function eventRequest(headers: Record<string, string>) {
    return new Request("https://bulwark.example.com/p7/api/event", {
      method: "POST",
      headers,
      body: EVENT,
    });
  }

  it("forwards the event's body, Content-Type and User-Agent, the visitor's address in X-Forwarded-For, nothing else", async () => {
    const upstream = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response("ok", {
          status: 202,
          headers: { "content-type": "text/plain", "set-cookie": "a=b" },
        }),
    );
    vi.stubGlobal("fetch", upstream);
    const worker = await loadWorker();
    const answer = await worker.fetch(
      eventRequest({
        "content-type": "text/plain",
        "user-agent": "Mozilla/5.0 (test)",
        "cf-connecting-ip": "203.0.113.7",
        "x-forwarded-for": "198.51.100.1",
        cookie: "session=secret",
        referer: "https://bulwark.example.com/",
      }),
      { ASSETS: assets },
    );
    expect(upstream).toHaveBeenCalledOnce();
    const [url, init] = upstream.mock.calls[0] ?? [];
    expect(url).toBe("https://plausible.io/api/event");
    expect(init?.method).toBe("POST");
    expect(Object.fromEntries(new Headers(init?.headers))).toEqual({
      "content-type": "text/plain",
      "user-agent": "Mozilla/5.0 (test)",
      "x-forwarded-for": "203.0.113.7",
    });
    expect(new TextDecoder().decode(init?.body as ArrayBuffer)).toBe(EVENT);
    expect(answer.status).toBe(202);
    expect(await answer.text()).toBe("ok");
    expect(Object.fromEntries(answer.headers)).toEqual({ "content-type": "text/plain" });
    expect(assets.fetch).not.toHaveBeenCalled();
  });

  it("answers with the upstream's refusal as it came, and 502 when the upstream cannot be reached", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("Invalid event", { status: 400 })),
    );
    const worker = await loadWorker();
    const refused = await worker.fetch(eventRequest({}), { ASSETS: assets });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe("Invalid event");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("fetch failed");
      }),
    );
    expect((await worker.fetch(eventRequest({}), { ASSETS: assets })).status).toBe(502);
  });

  it("leaves every other path to the files", async () => {
    const upstream = vi.fn();
    vi.stubGlobal("fetch", upstream);
    const worker = await loadWorker();
    const answer = await worker.fetch(new Request("https://bulwark.example.com/success"), {
      ASSETS: assets,
    });
    expect(await answer.text()).toBe("a page");
    expect(upstream).not.toHaveBeenCalled();
  });
});
