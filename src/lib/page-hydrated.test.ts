// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";

async function freshModule() {
  vi.resetModules();
  return import("./page-hydrated");
}

afterEach(() => {
  document.documentElement.removeAttribute("data-hydrated");
});

describe("whenPageHydrated", () => {
  it("waits for the page's root, then resolves every waiter once it is marked", async () => {
    const { markPageHydrated, whenPageHydrated } = await freshModule();
    const resolved: string[] = [];
    void whenPageHydrated().then(() => resolved.push("first"));
    void whenPageHydrated().then(() => resolved.push("second"));
    await Promise.resolve();
    expect(resolved).toEqual([]);
    markPageHydrated();
    await vi.waitFor(() => expect(resolved).toEqual(["first", "second"]));
    expect(document.documentElement.hasAttribute("data-hydrated")).toBe(true);
  });

  it("resolves at once on a page already hydrated", async () => {
    const { markPageHydrated, whenPageHydrated } = await freshModule();
    markPageHydrated();
    await expect(whenPageHydrated()).resolves.toBeUndefined();
  });
});
