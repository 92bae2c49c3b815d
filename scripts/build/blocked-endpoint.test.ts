import { describe, expect, it } from "vitest";
import { directEndpointWarning } from "./blocked-endpoint";

const DOMAIN = { VITE_PLAUSIBLE_DOMAIN: "bulwark.dev" };

describe("the warning for events sent to Plausible's own address", () => {
  it("with only the domain set, says in one line that the lists block it and names a path", () => {
    const warning = directEndpointWarning(DOMAIN);
    expect(warning).toBe(
      "Field signals: events go to https://plausible.io/api/event, which EasyPrivacy and AdGuard " +
        "Tracking Protection filter block from every other site (the rule " +
        "||plausible.io^$third-party), so no visitor whose content blocker uses those lists is " +
        "counted. Set VITE_PLAUSIBLE_ENDPOINT to a path on this site that the hosts forward to " +
        'Plausible, such as /p7/api/event (docs/deploying.md, "Names the blockers\' lists stop").',
    );
  });

  it("warns of Plausible's address set by hand, and of its other hosts", () => {
    for (const endpoint of [
      " https://plausible.io/api/event ",
      "https://eu.plausible.io/api/event",
    ]) {
      expect(directEndpointWarning({ ...DOMAIN, VITE_PLAUSIBLE_ENDPOINT: endpoint })).toContain(
        `events go to ${endpoint.trim()}, which EasyPrivacy`,
      );
    }
  });

  it("says nothing with the signals off, a path on the site, or another host", () => {
    expect(directEndpointWarning({})).toBeNull();
    expect(directEndpointWarning({ VITE_PLAUSIBLE_DOMAIN: " " })).toBeNull();
    for (const endpoint of [
      "/p7/api/event",
      "https://events.bulwark.dev/api/event",
      "https://notplausible.io/api/event",
      "not a URL",
    ]) {
      expect(directEndpointWarning({ ...DOMAIN, VITE_PLAUSIBLE_ENDPOINT: endpoint })).toBeNull();
    }
  });
});
