import { describe, expect, it } from "vitest";
import { memoryStore } from "./key-value-store";
import { createSignupMemory } from "./signup-memory";

function setup() {
  const site = memoryStore();
  const tab = memoryStore();
  return { site, tab, memory: createSignupMemory({ site, tab }) };
}

describe("signup memory", () => {
  it("reads what earlier visits stored under the same keys, an address kept as text as failed", () => {
    const { memory, site } = setup();
    site.setItem("bulwark:waitlist:pending", "ada@example.com");
    site.setItem("bulwark:waitlist:sent", '["grace@example.com"]');
    expect(memory.pending()).toEqual([{ email: "ada@example.com", state: "failed" }]);
    expect(memory.failedEmail()).toBe("ada@example.com");
    expect(memory.wasSent("grace@example.com")).toBe(true);
  });

  it("keeps each address's signup apart, until that one is sent", () => {
    const { memory, site } = setup();
    expect(memory.pending()).toEqual([]);
    memory.keepSending("ada@example.com");
    memory.markInFlight("ada@example.com", 100);
    memory.keepSending("bob@example.com");
    memory.markFailed("bob@example.com");
    expect(memory.pending()).toEqual([
      { email: "ada@example.com", state: "sending", inFlightSince: 100 },
      { email: "bob@example.com", state: "failed" },
    ]);
    expect(memory.failedEmail()).toBe("bob@example.com");
    memory.rememberSent("ADA@example.com");
    expect(memory.pending()).toEqual([{ email: "bob@example.com", state: "failed" }]);
    memory.forget("bob@example.com");
    expect(memory.pending()).toEqual([]);
    expect(site.getItem("bulwark:waitlist:pending")).toBeNull();
  });

  it("clears a request's in-flight mark only for that request", () => {
    const { memory } = setup();
    memory.keepSending("ada@example.com");
    memory.markInFlight("ada@example.com", 100);
    memory.markInFlight("ada@example.com", 200);
    memory.markAnswered("ada@example.com", 100);
    expect(memory.entry("ada@example.com")?.inFlightSince).toBe(200);
    memory.markRetried("ada@example.com");
    memory.markAnswered("ada@example.com", 200);
    expect(memory.entry("ada@example.com")).toEqual({
      email: "ada@example.com",
      state: "sending",
      retried: true,
    });
  });

  it.each([
    ["not JSON without an address", "{oops"],
    ["not a list", '{"email":"ada@example.com"}'],
    ["a list of other things", '[42, {"email": 1, "state": "sending"}, {"state": "failed"}]'],
  ])("reads pending signups stored as %s as none", (_what, stored) => {
    const { memory, site } = setup();
    site.setItem("bulwark:waitlist:pending", stored);
    expect(memory.pending()).toEqual([]);
  });

  it("knows sent addresses in any letter case, and keeps earlier ones", () => {
    const { memory, site } = setup();
    memory.rememberSent("Ada@Example.com");
    memory.rememberSent("grace@example.com");
    memory.rememberSent("ADA@example.com");
    expect(memory.wasSent("ada@EXAMPLE.com")).toBe(true);
    expect(memory.wasSent("grace@example.com")).toBe(true);
    expect(memory.wasSent("alan@example.com")).toBe(false);
    expect(JSON.parse(site.getItem("bulwark:waitlist:sent") ?? "")).toEqual([
      "ada@example.com",
      "grace@example.com",
    ]);
  });

  it("marks this tab, not the site, as signed up", () => {
    const { memory, site, tab } = setup();
    expect(memory.signedUpInThisTab()).toBe(false);
    memory.rememberSent("ada@example.com");
    expect(memory.signedUpInThisTab()).toBe(true);
    expect(tab.getItem("bulwark:waitlist:signed-up")).toBe("1");
    expect(site.getItem("bulwark:waitlist:signed-up")).toBeNull();
  });

  it.each([
    ["not JSON", "{oops"],
    ["not a list", '{"ada@example.com":true}'],
  ])("reads a sent list that is %s as empty, and mends it on the next send", (_what, stored) => {
    const { memory, site } = setup();
    site.setItem("bulwark:waitlist:sent", stored);
    expect(memory.wasSent("ada@example.com")).toBe(false);
    memory.rememberSent("grace@example.com");
    expect(JSON.parse(site.getItem("bulwark:waitlist:sent") ?? "")).toEqual(["grace@example.com"]);
  });

  it("skips entries of a sent list that are not addresses", () => {
    const { memory, site } = setup();
    site.setItem("bulwark:waitlist:sent", JSON.stringify([42, "ada@example.com", null]));
    expect(memory.wasSent("ada@example.com")).toBe(true);
    expect(memory.wasSent("42")).toBe(false);
  });
});
