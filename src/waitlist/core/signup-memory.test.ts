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

describe("signup memory reads back no one's word", () => {
  const pendingOf = (stored: unknown) => {
    const { memory, site } = setup();
    site.setItem("bulwark:waitlist:pending", JSON.stringify(stored));
    return memory;
  };

  it.each([
    ["a text that is no address", "not an address"],
    ["two addresses", "ada@example.com bob@example.com"],
    ["markup", "<img src=x onerror=alert(1)>@example.com"],
    ["an address with a one-label domain", "ada@localhost"],
    ["an address over 254 characters", `${"a".repeat(250)}@example.com`],
    ["a line break inside", "ada@example.com\nBcc: eve@example.com"],
  ])("drops an entry whose address is %s: never sent, never shown", (_what, email) => {
    const memory = pendingOf([
      { email, state: "failed" },
      { email, state: "sending" },
    ]);
    expect(memory.pending()).toEqual([]);
    expect(memory.failedEmail()).toBe("");
    expect(memory.entry(email)).toBeUndefined();
  });

  it("drops an address kept as text by an earlier version when it is no address", () => {
    const { memory, site } = setup();
    site.setItem("bulwark:waitlist:pending", "see https://evil.example/@");
    expect(memory.pending()).toEqual([]);
    expect(memory.failedEmail()).toBe("");
  });

  it("keeps the valid entries beside the tampered ones", () => {
    const memory = pendingOf([
      { email: "evil", state: "failed" },
      { email: "ada@example.com", state: "sending", inFlightSince: 5, retried: true },
      { email: "bob@example.com", state: "failed" },
      { email: "x".repeat(10_000), state: "failed" },
    ]);
    expect(memory.pending()).toEqual([
      { email: "ada@example.com", state: "sending", inFlightSince: 5, retried: true },
      { email: "bob@example.com", state: "failed" },
    ]);
    expect(memory.failedEmail()).toBe("bob@example.com");
  });

  it.each([
    ["a state it does not know", { email: "ada@example.com", state: "sent" }],
    [
      "an in-flight time that is text",
      { email: "ada@example.com", state: "sending", inFlightSince: "5" },
    ],
    [
      "an in-flight time that is no number",
      { email: "ada@example.com", state: "sending", inFlightSince: null },
    ],
    ["a retried mark that is text", { email: "ada@example.com", state: "sending", retried: "yes" }],
    ["an address that is a list", { email: ["ada@example.com"], state: "failed" }],
    ["no object at all", "ada@example.com"],
  ])("drops an entry of the wrong shape: %s", (_what, entry) => {
    expect(pendingOf([entry]).pending()).toEqual([]);
  });

  it("keeps only the fields it knows, so nothing else is written back", () => {
    const { memory, site } = setup();
    site.setItem(
      "bulwark:waitlist:pending",
      JSON.stringify([{ email: "ada@example.com", state: "sending", junk: "x".repeat(1000) }]),
    );
    expect(memory.pending()).toEqual([{ email: "ada@example.com", state: "sending" }]);
    memory.markInFlight("ada@example.com", 7);
    expect(JSON.parse(site.getItem("bulwark:waitlist:pending") ?? "")).toEqual([
      { email: "ada@example.com", state: "sending", inFlightSince: 7 },
    ]);
  });

  it("reads an address back as a typed one is sent: trimmed, its domain in ASCII", () => {
    const memory = pendingOf([{ email: "  x@bücher.de ", state: "failed" }]);
    expect(memory.failedEmail()).toBe("x@xn--bcher-kva.de");
    expect(memory.entry("x@xn--bcher-kva.de")?.state).toBe("failed");
  });

  it("drops a tampered entry when it writes the list again", () => {
    const { memory, site } = setup();
    site.setItem(
      "bulwark:waitlist:pending",
      JSON.stringify([
        { email: "evil", state: "sending" },
        { email: "bob@example.com", state: "failed" },
      ]),
    );
    memory.keepSending("ada@example.com");
    expect(JSON.parse(site.getItem("bulwark:waitlist:pending") ?? "")).toEqual([
      { email: "bob@example.com", state: "failed" },
      { email: "ada@example.com", state: "sending" },
    ]);
  });
});
