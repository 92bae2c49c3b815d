import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryStore } from "./browser-storage";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-11-23T10:00:00Z"));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.resetModules();
});

async function setup({ dataLayer, signedUp }: { dataLayer?: unknown; signedUp: boolean }) {
  const sessionStorage = memoryStore();
  if (signedUp) sessionStorage.setItem("bulwark:waitlist:signed-up", "1");
  vi.stubGlobal("localStorage", memoryStore());
  vi.stubGlobal("sessionStorage", sessionStorage);
  vi.stubGlobal("window", { location: { pathname: "/success" }, dataLayer });
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  const { logConversion } = await import("./conversion");
  return { log, logConversion };
}

describe("logConversion", () => {
  it("logs one conversion line with the page, the tab's signup and the time", async () => {
    const { log, logConversion } = await setup({ signedUp: true });
    logConversion();
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith("[conversion] waitlist_signup", {
      page: "/success",
      signupInThisTab: true,
      at: "2026-11-23T10:00:00.000Z",
    });
  });

  it("says when no signup in this tab preceded it", async () => {
    const { log, logConversion } = await setup({ signedUp: false });
    logConversion();
    expect(log.mock.calls[0]?.[1]).toMatchObject({ signupInThisTab: false });
  });

  it("pushes the event where a dataLayer array exists", async () => {
    const dataLayer: unknown[] = [];
    const { logConversion } = await setup({ dataLayer, signedUp: false });
    logConversion();
    expect(dataLayer).toEqual([{ event: "waitlist_signup" }]);
  });

  it("leaves a dataLayer that is not an array alone", async () => {
    const dataLayer = { push: vi.fn() };
    const { logConversion } = await setup({ dataLayer, signedUp: false });
    logConversion();
    expect(dataLayer.push).not.toHaveBeenCalled();
  });
});
