import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import {
  besideDistFiles,
  HOST_FILE_NAMES,
  hostFiles,
  NETLIFY_EDGE_FUNCTION_FILE,
} from "./host-files";
import {
  type BuildSettings,
  eventProxyHeaders,
  netlifyHeadersFile,
  vercelConfig,
} from "./http-headers";

const settings: BuildSettings = {
  emailOrigin: "https://api.emailjs.com/",
  inlineScriptHashes: ["sha256-loader"],
  inlineStyleHashes: ["sha256-css"],
};
const PROXY = {
  path: "/p7/api/event",
  upstream: "https://plausible.io/api/event",
  domain: "bulwark.example.com",
};
const withProxy: BuildSettings = { ...settings, analyticsProxy: PROXY };

describe("hostFiles without a first-party endpoint", () => {
  it("writes the four deploy files, byte for byte as before the proxy existed, and none beside dist/", async () => {
    const files = await hostFiles(settings);
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
    expect(await besideDistFiles(settings)).toEqual({});
  });

  it("writes the same with the other optional settings on (the bot check, a cross-origin endpoint)", async () => {
    const other = {
      ...settings,
      recaptchaOrigin: "https://www.google.com",
      analyticsOrigin: "https://plausible.io",
    };
    const files = await hostFiles(other);
    expect(Object.keys(files)).toEqual(["_headers", "_redirects", "vercel.json", ".vercelignore"]);
    expect(files._redirects).toBe((await hostFiles(settings))._redirects);
    expect(files["vercel.json"]).toBe(vercelConfig(other));
  });
});

describe("hostFiles with a first-party endpoint", () => {
  it("adds Cloudflare's worker and its routes and Vercel's middleware, and hides them from every host as the others; no rule forwards the endpoint blindly", async () => {
    const files = await hostFiles(withProxy);
    expect(Object.keys(files).sort()).toEqual([...HOST_FILE_NAMES].sort());
    expect(files._redirects?.split("\n")).toEqual([
      "/404 /.not-found 200",
      "/_headers /.not-found 200",
      "/_redirects /.not-found 200",
      "/vercel.json /.not-found 200",
      "/.vercelignore /.not-found 200",
      "/_worker.js /.not-found 200",
      "/_routes.json /.not-found 200",
      "/middleware.js /.not-found 200",
      "",
    ]);
    expect(files[".vercelignore"]).toBe("_headers\n_redirects\n_worker.js\n_routes.json\n");
    expect(files._headers).toBe(netlifyHeadersFile(settings));
    expect(files["vercel.json"]).toBe(vercelConfig(settings));
  });

  it("runs Cloudflare's worker for the endpoint alone", async () => {
    const files = await hostFiles(withProxy);
    expect(JSON.parse(files["_routes.json"] ?? "")).toEqual({
      version: 1,
      include: ["/p7/api/event"],
      exclude: [],
    });
  });

  it("writes Netlify's edge function beside dist/, where Netlify's Frameworks API reads it", async () => {
    expect(Object.keys(await besideDistFiles(withProxy))).toEqual([NETLIFY_EDGE_FUNCTION_FILE]);
    expect(NETLIFY_EDGE_FUNCTION_FILE).toBe(".netlify/v1/edge-functions/event-proxy.js");
  });

  it.each([
    ["a pattern", "/p7/*"],
    ["a placeholder", "/p7/:name"],
    ["a query", "/p7/api/event?x=1"],
    ["a space", "/p7/api event"],
    ["a dot segment", "/p7/../event"],
    ["no path", "/"],
  ])("refuses an endpoint with %s, naming the setting", async (_, path) => {
    const proxied = { ...settings, analyticsProxy: { ...PROXY, path } };
    await expect(hostFiles(proxied)).rejects.toThrow(/^VITE_PLAUSIBLE_ENDPOINT /);
    await expect(besideDistFiles(proxied)).rejects.toThrow(/^VITE_PLAUSIBLE_ENDPOINT /);
  });

  it.each([
    "plausible.io/api/event",
    "ftp://plausible.io/api/event",
    "https://plausible.io/api/event 200",
  ])("refuses the upstream %j, naming the setting", async (upstream) => {
    const proxied = { ...settings, analyticsProxy: { ...PROXY, upstream } };
    await expect(hostFiles(proxied)).rejects.toThrow(/^PLAUSIBLE_UPSTREAM /);
  });
});

/** Each host's file as built, loaded as the host loads it: an ES module, imported alone. */
type HostModule = {
  default: unknown;
  config?: Record<string, unknown>;
};

describe("each host's event proxy, as bundled", () => {
  let folder: string | undefined;
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function load(name: string, text: string): Promise<HostModule> {
    folder ??= await mkdtemp(join(tmpdir(), "host-files-"));
    const file = join(folder, `${name}.mjs`);
    await writeFile(file, text);
    return import(/* @vite-ignore */ pathToFileURL(file).href);
  }

  async function builtModules() {
    const files = await hostFiles(withProxy);
    const netlify = (await besideDistFiles(withProxy))[NETLIFY_EDGE_FUNCTION_FILE] ?? "";
    return {
      texts: [files["_worker.js"] ?? "", files["middleware.js"] ?? "", netlify],
      cloudflare: await load("cloudflare", files["_worker.js"] ?? ""),
      vercel: await load("vercel", files["middleware.js"] ?? ""),
      netlify: await load("netlify", netlify),
    };
  }

  const EVENT = '{"n":"pageview","u":"https://bulwark.example.com/","d":"bulwark.example.com"}';
  /** What every host's edge might pass on from a client that claims addresses of its own. */
  const CLAIMS = {
    "content-type": "text/plain",
    "user-agent": "Mozilla/5.0 (test)",
    cookie: "session=secret",
    authorization: "Basic c3RhZ2luZzpzZWNyZXQ=",
    "x-forwarded-for": "198.51.100.1",
    "x-plausible-ip": "198.51.100.2",
  };
  const eventRequest = (headers: Record<string, string>) =>
    new Request("https://bulwark.example.com/p7/api/event", {
      method: "POST",
      headers: { ...CLAIMS, ...headers },
      body: EVENT,
    });

  function stubUpstream() {
    const upstream = vi.fn(
      async (_url: string, _init: RequestInit) => new Response("ok", { status: 202 }),
    );
    vi.stubGlobal("fetch", upstream);
    return upstream;
  }

  function expectForwarded(upstream: ReturnType<typeof stubUpstream>, visitor: string) {
    expect(upstream).toHaveBeenCalledOnce();
    const [url, init] = upstream.mock.calls[0] ?? [];
    expect(url).toBe("https://plausible.io/api/event");
    expect(Object.fromEntries(new Headers(init?.headers))).toEqual({
      "content-type": "text/plain",
      "user-agent": "Mozilla/5.0 (test)",
      "x-forwarded-for": visitor,
      "x-plausible-ip": visitor,
    });
    expect(new TextDecoder().decode(init?.body as Uint8Array)).toBe(EVENT);
  }

  function expectProxyHeaders(answer: Response) {
    for (const [name, value] of Object.entries(eventProxyHeaders(settings))) {
      expect(answer.headers.get(name), name).toBe(value);
    }
  }

  it("import nothing: each is one module a host runs as it is", async () => {
    for (const text of (await builtModules()).texts) {
      expect(text).not.toMatch(/^\s*import\b|\brequire\(|from\s+["']/m);
    }
  });

  it("Cloudflare's worker forwards with CF-Connecting-IP and leaves every other path to the files", async () => {
    const { cloudflare } = await builtModules();
    const worker = cloudflare.default as {
      fetch(
        request: Request,
        env: { ASSETS: { fetch(r: Request): Promise<Response> } },
      ): Promise<Response>;
    };
    const assets = { fetch: vi.fn(async () => new Response("a page")) };
    const upstream = stubUpstream();
    const answer = await worker.fetch(eventRequest({ "cf-connecting-ip": "203.0.113.7" }), {
      ASSETS: assets,
    });
    expect(answer.status).toBe(202);
    expectProxyHeaders(answer);
    expectForwarded(upstream, "203.0.113.7");
    const page = await worker.fetch(new Request("https://bulwark.example.com/success"), {
      ASSETS: assets,
    });
    expect(await page.text()).toBe("a page");
    expect(upstream).toHaveBeenCalledOnce();
  });

  it("Netlify's edge function forwards with context.ip, never a header, and declares the endpoint's path", async () => {
    const { netlify } = await builtModules();
    expect(netlify.config).toEqual({ path: "/p7/api/event" });
    const edgeFunction = netlify.default as (r: Request, c: { ip: string }) => Promise<Response>;
    const upstream = stubUpstream();
    const answer = await edgeFunction(
      eventRequest({ "x-nf-client-connection-ip": "198.51.100.9" }),
      { ip: "203.0.113.8" },
    );
    expect(answer.status).toBe(202);
    expectProxyHeaders(answer);
    expectForwarded(upstream, "203.0.113.8");
    // Any other path: nothing, which Netlify serves as if the function had not run.
    const other = new Request("https://bulwark.example.com/success", {
      method: "POST",
      body: EVENT,
    });
    expect(edgeFunction(other, { ip: "203.0.113.8" })).toBeUndefined();
    expect(upstream).toHaveBeenCalledOnce();
  });

  it("Vercel's middleware forwards with X-Real-IP and declares the endpoint as its matcher", async () => {
    const { vercel } = await builtModules();
    expect(vercel.config).toEqual({ matcher: "/p7/api/event" });
    const middleware = vercel.default as (r: Request) => Promise<Response>;
    const upstream = stubUpstream();
    const answer = await middleware(eventRequest({ "x-real-ip": "203.0.113.9" }));
    expect(answer.status).toBe(202);
    expectProxyHeaders(answer);
    expectForwarded(upstream, "203.0.113.9");
    const refused = await middleware(new Request("https://bulwark.example.com/p7/api/event"));
    expect(refused.status).toBe(405);
    expectProxyHeaders(refused);
  });

  it.each(["/success", "/p7/api/event/more", "/p7/api"])(
    "Vercel's middleware checks the path itself: %s goes on to the files, as next() says",
    async (path) => {
      const { vercel } = await builtModules();
      const middleware = vercel.default as (r: Request) => Promise<Response>;
      const upstream = stubUpstream();
      const other = await middleware(
        new Request(`https://bulwark.example.com${path}`, {
          method: "POST",
          headers: CLAIMS,
          body: EVENT,
        }),
      );
      expect(other.headers.get("x-middleware-next")).toBe("1");
      expect(other.body).toBeNull();
      expect(upstream).not.toHaveBeenCalled();
    },
  );
});
