// @vitest-environment happy-dom
/**
 * Plausible's tracker as the field signals set it up: the build's domain and endpoint, no page views
 * of its own, no logging, nothing bound to window, local pages counted only for a local collector;
 * every event's URL cleaned (event-url.ts), its referrer cut to an origin, and no event but the
 * signals; each signal tracked with its page and properties. The last case runs the real tracker:
 * its engagement event, which skips `transformRequest`, carries the cleaned URL of its page view.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const plausible = vi.hoisted(() => ({ init: vi.fn(), track: vi.fn() }));
vi.mock("@plausible-analytics/tracker", () => plausible);

const build = vi.hoisted(() => ({ endpoint: "https://plausible.io/api/event", local: false }));
vi.mock("./build-constants", () => ({
  PLAUSIBLE_DOMAIN: "bulwark.example",
  get PLAUSIBLE_ENDPOINT() {
    return build.endpoint;
  },
  get PLAUSIBLE_LOCAL() {
    return build.local;
  },
}));

const { startTracker } = await import("./plausible-tracker");

type Config = {
  transformRequest(payload: Record<string, unknown>): Record<string, unknown> | null;
  captureOnLocalhost: boolean;
};
const config = () => plausible.init.mock.calls.at(-1)?.[0] as Config;

beforeEach(() => {
  plausible.init.mockReset();
  plausible.track.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
  build.endpoint = "https://plausible.io/api/event";
  build.local = false;
});

describe("startTracker", () => {
  it("sets Plausible up with the build's settings, sending page views itself", async () => {
    await startTracker();
    expect(plausible.init).toHaveBeenCalledTimes(1);
    expect(config()).toMatchObject({
      domain: "bulwark.example",
      endpoint: "https://plausible.io/api/event",
      autoCapturePageviews: false,
      captureOnLocalhost: false,
      logging: false,
      bindToWindow: false,
    });
  });

  it.each([true, false])(
    "counts local pages as the build says (a local collector: %s)",
    async (local) => {
      build.local = local;
      await startTracker();
      expect(config().captureOnLocalhost).toBe(local);
    },
  );

  it("cleans each event's URL and cuts its referrer to an origin", async () => {
    // A page whose URL has a source parameter: the check of their values is loaded first.
    vi.stubGlobal("location", new URL("https://bulwark.example/?ref=hn"));
    await startTracker();
    const { transformRequest } = config();
    expect(
      transformRequest({
        n: "pageview",
        u: "https://bulwark.example/name@example.com?utm_source=name%40example.com&ref=hn#top",
        r: "https://mail.example/inbox/ada@example.com?q=1",
      }),
    ).toEqual({
      n: "pageview",
      u: "https://bulwark.example/404?ref=hn",
      r: "https://mail.example",
    });
    expect(
      transformRequest({ n: "Signup", u: "https://bulwark.example/success", r: null }),
    ).toEqual({ n: "Signup", u: "https://bulwark.example/success", r: null });
  });

  it("on a page whose URL has no query, loads no check and keeps no source parameter", async () => {
    vi.stubGlobal("location", new URL("https://bulwark.example/success"));
    await startTracker();
    expect(
      config().transformRequest({ n: "pageview", u: "https://bulwark.example/?ref=hn", r: null }),
    ).toEqual({ n: "pageview", u: "https://bulwark.example/", r: null });
  });

  it.each(["?utm_source=hn", "?x=1&utm_medium=email", "?email=ada%40example.com", "?ref=hn"])(
    "on a page whose URL has a query (%s), checks each value it keeps",
    async (search) => {
      vi.stubGlobal("location", new URL(`https://bulwark.example/${search}`));
      await startTracker();
      const { transformRequest } = config();
      const sent = (query: string) =>
        transformRequest({ n: "pageview", u: `https://bulwark.example/?${query}`, r: null });
      expect(sent("utm_source=newsletter")?.u).toBe(
        "https://bulwark.example/?utm_source=newsletter",
      );
      expect(sent("utm_source=YWRhQGV4YW1wbGUuY29t")?.u).toBe("https://bulwark.example/");
    },
  );

  it.each([
    [
      "the tracker's own click and submit events",
      "Outbound Link: Click",
      "https://bulwark.example/",
    ],
    ["an event of no signal", "Form: Submission", "https://bulwark.example/"],
    ["a URL that is no web page's", "pageview", "about:blank"],
  ])("drops %s", async (_case, n, u) => {
    await startTracker();
    expect(config().transformRequest({ n, u, r: null })).toBeNull();
  });

  it("tracks each signal with its page, and its properties where it has some", async () => {
    const send = await startTracker();
    send({ name: "pageview", url: "https://bulwark.example/" });
    send({ name: "Signup Failed", props: { cause: "throttled" }, url: "https://bulwark.example/" });
    expect(plausible.track.mock.calls).toEqual([
      ["pageview", { url: "https://bulwark.example/" }],
      ["Signup Failed", { url: "https://bulwark.example/", props: { cause: "throttled" } }],
    ]);
  });

  it("the real tracker's engagement event carries the cleaned URL of its page view", async () => {
    const real = await vi.importActual<typeof import("@plausible-analytics/tracker")>(
      "@plausible-analytics/tracker",
    );
    plausible.init.mockImplementation(real.init);
    plausible.track.mockImplementation(real.track);
    const posted: Record<string, unknown>[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, request: RequestInit) => {
        posted.push(JSON.parse(String(request.body)));
        return new Response(null, { status: 202 });
      }),
    );
    build.endpoint = "http://127.0.0.1:4180/api/event";
    build.local = true;
    vi.stubGlobal("location", new URL("https://bulwark.example/?ref=x"));
    const send = await startTracker();
    send({ name: "pageview", url: "https://bulwark.example/name@example.com?ref=x" });
    // The next page view ends the last one: its engagement goes first.
    send({ name: "pageview", url: "https://bulwark.example/?utm_source=name%40example.com" });
    expect(posted.map(({ n, u }) => [n, u])).toEqual([
      ["pageview", "https://bulwark.example/404?ref=x"],
      ["engagement", "https://bulwark.example/404?ref=x"],
      ["pageview", "https://bulwark.example/"],
    ]);
  });
});
