import { describe, expect, it } from "vitest";
import { DEFAULT_PLAUSIBLE_ENDPOINT, readAnalyticsConfig } from "./config";

describe("readAnalyticsConfig", () => {
  it("is off without a domain, whatever else is set", () => {
    const config = readAnalyticsConfig({
      VITE_PLAUSIBLE_ENDPOINT: "https://stats.example/api/event",
    });
    expect(config.on).toBe(false);
    expect(config.connectOrigin).toBeUndefined();
  });

  it("posts to Plausible's cloud by default, and connect-src gains its origin", () => {
    const config = readAnalyticsConfig({ VITE_PLAUSIBLE_DOMAIN: " bulwark.example " });
    expect(config).toMatchObject({
      on: true,
      domain: "bulwark.example",
      endpoint: DEFAULT_PLAUSIBLE_ENDPOINT,
      firstParty: false,
      connectOrigin: "https://plausible.io",
    });
  });

  it("takes a self-hosted endpoint's origin for connect-src", () => {
    const config = readAnalyticsConfig({
      VITE_PLAUSIBLE_DOMAIN: "bulwark.example",
      VITE_PLAUSIBLE_ENDPOINT: "https://stats.bulwark.example/api/event",
    });
    expect(config.connectOrigin).toBe("https://stats.bulwark.example");
  });

  it.each([
    ["http://127.0.0.1:4180/api/event", true],
    ["http://localhost:4180/api/event", true],
    ["http://[::1]:4180/api/event", true],
    ["/stats/api/event", false],
    ["https://stats.bulwark.example/api/event", false],
  ])("counts local pages for the endpoint %s: %s", (endpoint, local) => {
    const config = readAnalyticsConfig({
      VITE_PLAUSIBLE_DOMAIN: "bulwark.example",
      VITE_PLAUSIBLE_ENDPOINT: endpoint,
    });
    expect(config.local).toBe(local);
  });

  it("a path on the site's own origin is first-party: nothing for connect-src, forwarded upstream", () => {
    const config = readAnalyticsConfig({
      VITE_PLAUSIBLE_DOMAIN: "bulwark.example",
      VITE_PLAUSIBLE_ENDPOINT: "/stats/api/event",
      PLAUSIBLE_UPSTREAM: "https://stats.bulwark.example/api/event",
    });
    expect(config).toMatchObject({
      firstParty: true,
      connectOrigin: undefined,
      upstream: "https://stats.bulwark.example/api/event",
    });
    expect(
      readAnalyticsConfig({ VITE_PLAUSIBLE_DOMAIN: "x", VITE_PLAUSIBLE_ENDPOINT: "/e" }).upstream,
    ).toBe(DEFAULT_PLAUSIBLE_ENDPOINT);
  });
});
