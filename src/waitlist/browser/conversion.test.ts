import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

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

type Arrival = {
  signedUp: boolean;
  /** The URL the document was loaded at; /success itself means a direct visit or a reload. */
  documentUrl?: string | null;
  path?: string;
  dataLayer?: unknown;
};

async function setup({
  signedUp,
  documentUrl = "http://127.0.0.1:4173/",
  path = "/success",
  dataLayer,
}: Arrival) {
  vi.stubGlobal("window", { location: { pathname: path }, dataLayer });
  vi.stubGlobal("performance", {
    getEntriesByType: (type: string) =>
      type === "navigation" && documentUrl !== null ? [{ name: documentUrl }] : [],
  });
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  const { logConversion } = await import("./conversion");
  // What the page's waitlist knows of this tab (browser-signup.ts, `signedUpHere`).
  return { log, logConversion: () => logConversion({ signedUpHere: () => signedUp }) };
}

describe("logConversion", () => {
  it("logs one conversion line on an arrival from a send in this tab", async () => {
    const { log, logConversion } = await setup({ signedUp: true });
    expect(logConversion()).toBe(true);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith("[conversion] waitlist_signup", {
      page: "/success",
      at: "2026-11-23T10:00:00.000Z",
    });
  });

  it("logs nothing when this tab sent no signup (a filled honeypot, an address already sent)", async () => {
    const { log, logConversion } = await setup({ signedUp: false });
    expect(logConversion()).toBe(false);
    expect(log).not.toHaveBeenCalled();
  });

  it.each([
    ["a direct visit or a reload", "http://127.0.0.1:4173/success", "/success"],
    ["a visit with a trailing slash", "http://127.0.0.1:4173/success/", "/success/"],
    ["a visit with a query", "http://127.0.0.1:4173/success?from=mail", "/success"],
  ])("logs nothing on %s, even after a signup in this tab", async (_name, documentUrl, path) => {
    const { log, logConversion } = await setup({ signedUp: true, documentUrl, path });
    expect(logConversion()).toBe(false);
    expect(log).not.toHaveBeenCalled();
  });

  it("goes by the tab's signup alone where Navigation Timing is missing", async () => {
    const { logConversion } = await setup({ signedUp: true, documentUrl: null });
    expect(logConversion()).toBe(true);
  });

  it("pushes the event where a dataLayer array exists", async () => {
    const dataLayer: unknown[] = [];
    const { logConversion } = await setup({ dataLayer, signedUp: true });
    logConversion();
    expect(dataLayer).toEqual([{ event: "waitlist_signup" }]);
  });

  it("pushes nothing when it logs nothing", async () => {
    const dataLayer: unknown[] = [];
    const { logConversion } = await setup({
      dataLayer,
      signedUp: true,
      documentUrl: "http://127.0.0.1:4173/success",
    });
    logConversion();
    expect(dataLayer).toEqual([]);
  });

  it("leaves a dataLayer that is not an array alone", async () => {
    const dataLayer = { push: vi.fn() };
    const { logConversion } = await setup({ dataLayer, signedUp: true });
    logConversion();
    expect(dataLayer.push).not.toHaveBeenCalled();
  });
});
