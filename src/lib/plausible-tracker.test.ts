/**
 * Plausible's tracker as the field signals set it up: the build's domain and endpoint, no page views
 * of its own, no logging, nothing bound to window, local pages counted only for a local collector;
 * every event's URL cleaned and its referrer cut to an origin; each signal tracked with its page and
 * properties.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";

const plausible = vi.hoisted(() => ({ init: vi.fn(), track: vi.fn() }));
vi.mock("@plausible-analytics/tracker", () => plausible);

const build = vi.hoisted(() => ({ endpoint: "https://plausible.io/api/event" }));
vi.mock("./analytics-build", () => ({
  PLAUSIBLE_DOMAIN: "bulwark.example",
  get PLAUSIBLE_ENDPOINT() {
    return build.endpoint;
  },
}));

const { cleanUrl, startTracker } = await import("./plausible-tracker");

type Config = {
  transformRequest(payload: Record<string, unknown>): Record<string, unknown>;
  captureOnLocalhost: boolean;
};
const config = () => plausible.init.mock.calls.at(-1)?.[0] as Config;

beforeEach(() => {
  plausible.init.mockClear();
  plausible.track.mockClear();
});

describe("cleanUrl", () => {
  it("keeps the origin, the path and the source parameters only", () => {
    expect(
      cleanUrl(
        "https://bulwark.example/?utm_source=news&email=ada%40example.com&utm_campaign=launch&ref=hn#waitlist",
      ),
    ).toBe("https://bulwark.example/?utm_source=news&utm_campaign=launch&ref=hn");
  });

  it("drops a query that carries no source at all", () => {
    expect(cleanUrl("https://bulwark.example/success?token=abc")).toBe(
      "https://bulwark.example/success",
    );
  });
});

describe("startTracker", () => {
  it("sets Plausible up with the build's settings, sending page views itself", () => {
    startTracker();
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

  it.each([
    ["http://127.0.0.1:4180/api/event", true],
    ["http://localhost:4180/api/event", true],
    ["/stats/api/event", false],
    ["https://stats.bulwark.example/api/event", false],
  ])("counts local pages for the endpoint %s: %s", (endpoint, local) => {
    build.endpoint = endpoint;
    startTracker();
    expect(config().captureOnLocalhost).toBe(local);
    build.endpoint = "https://plausible.io/api/event";
  });

  it("cleans each event's URL and cuts its referrer to an origin", () => {
    startTracker();
    const { transformRequest } = config();
    expect(
      transformRequest({
        n: "pageview",
        u: "https://bulwark.example/?email=ada%40example.com&utm_source=x",
        r: "https://mail.example/inbox/ada@example.com?q=1",
      }),
    ).toEqual({
      n: "pageview",
      u: "https://bulwark.example/?utm_source=x",
      r: "https://mail.example",
    });
    expect(
      transformRequest({ n: "pageview", u: "https://bulwark.example/", r: null }).r,
    ).toBeNull();
  });

  it("tracks each signal with its page, and its properties where it has some", () => {
    const send = startTracker();
    send({ name: "pageview", url: "https://bulwark.example/" });
    send({ name: "Signup Failed", props: { cause: "throttled" }, url: "https://bulwark.example/" });
    expect(plausible.track.mock.calls).toEqual([
      ["pageview", { url: "https://bulwark.example/" }],
      ["Signup Failed", { url: "https://bulwark.example/", props: { cause: "throttled" } }],
    ]);
  });
});
