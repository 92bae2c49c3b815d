import { afterEach, describe, expect, it, vi } from "vitest";
import { getQueryFn, throwIfNotOk } from "./http";

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("getQueryFn", () => {
  it("GETs the path held in the first element of the query key, with credentials", async () => {
    const fetchMock = stubFetch(Response.json({ ok: 1 }));
    await getQueryFn()({ queryKey: ["/api/threats", { page: 2 }] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith("/api/threats", {
      method: "GET",
      credentials: "include",
    });
  });

  it("reads the response as JSON", async () => {
    stubFetch(Response.json({ blocked: 247, live: [1, 2, 3] }));
    await expect(getQueryFn()({ queryKey: ["/api/stats"] })).resolves.toEqual({
      blocked: 247,
      live: [1, 2, 3],
    });
  });

  it("throws 'status: body' for a non-OK answer with a body", async () => {
    stubFetch(new Response("database is down", { status: 503, statusText: "Service Unavailable" }));
    await expect(getQueryFn()({ queryKey: ["/api/stats"] })).rejects.toThrow(
      new Error("503: database is down"),
    );
  });

  it("throws 'status: statusText' when the body is empty", async () => {
    stubFetch(new Response(null, { status: 404, statusText: "Not Found" }));
    await expect(getQueryFn()({ queryKey: ["/api/stats"] })).rejects.toThrow(
      new Error("404: Not Found"),
    );
  });

  it("throws on 401 by default", async () => {
    stubFetch(new Response("Unauthorized", { status: 401, statusText: "Unauthorized" }));
    await expect(getQueryFn()({ queryKey: ["/api/me"] })).rejects.toThrow(
      new Error("401: Unauthorized"),
    );
  });

  it("returns null on 401 when asked to", async () => {
    stubFetch(new Response("Unauthorized", { status: 401 }));
    await expect(getQueryFn({ on401: "returnNull" })({ queryKey: ["/api/me"] })).resolves.toBe(
      null,
    );
  });

  it("still throws other errors when 401 returns null", async () => {
    stubFetch(new Response("nope", { status: 403 }));
    await expect(getQueryFn({ on401: "returnNull" })({ queryKey: ["/api/me"] })).rejects.toThrow(
      new Error("403: nope"),
    );
  });
});

describe("throwIfNotOk", () => {
  it("passes an OK response", async () => {
    await expect(throwIfNotOk(new Response("fine", { status: 200 }))).resolves.toBeUndefined();
  });
});
