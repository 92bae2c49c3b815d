import { createHmac, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type KeyValueStore, memoryStore } from "./key-value-store";
import {
  createSignupMemory,
  DELIVERED_KEEP_MS,
  type KeyedHash,
  PENDING_KEEP_MS,
} from "./signup-memory";

const PENDING = "bulwark:waitlist:pending";
const DELIVERED = "bulwark:waitlist:delivered";
const CLEAR_SENT = "bulwark:waitlist:sent";
/** The day the tests start on, as the memory keeps it (its first millisecond, UTC); then 9 am. */
const TODAY = Date.UTC(2026, 10, 28);
const START = TODAY + 9 * 60 * 60 * 1000;
const MINUTE = 60_000;

/** A clock the test moves by hand. */
function fakeClock(start: number) {
  let at = start;
  return {
    now: () => at,
    advance(ms: number) {
      at += ms;
    },
    set(time: number) {
      at = time;
    },
  };
}

/** The browser's keyed hash as Node computes it: HMAC-SHA-256 under a base64 key. */
const nodeHash: KeyedHash = {
  newKey: () => randomUUID(),
  hash: async (key, text) => createHmac("sha256", key).update(text).digest("base64"),
};

function createMemory(
  site: KeyValueStore,
  tab: KeyValueStore,
  clock: { now(): number },
  hash: KeyedHash = nodeHash,
) {
  return createSignupMemory({ site, tab, clock, hash });
}

function setup({ hash = nodeHash }: { hash?: KeyedHash } = {}) {
  const site = memoryStore();
  const tab = memoryStore();
  const clock = fakeClock(START);
  return { site, tab, clock, memory: createMemory(site, tab, clock, hash) };
}

/** The stored record of delivered signups. */
function delivered(site: KeyValueStore): { key: string; sent: Record<string, number> } {
  return JSON.parse(site.getItem(DELIVERED) ?? "null");
}

/** Everything site storage holds, as one text. */
function everything(site: KeyValueStore): string {
  return [PENDING, DELIVERED, CLEAR_SENT].map((key) => site.getItem(key) ?? "").join("\n");
}

describe("signup memory", () => {
  it("reads a pending address an earlier version kept as text as failed", () => {
    const { memory, site } = setup();
    site.setItem(PENDING, "ada@example.com");
    expect(memory.pending()).toEqual([{ email: "ada@example.com", state: "failed" }]);
    expect(memory.failedEmail()).toBe("ada@example.com");
  });

  it("keeps each address's signup apart, until that one is sent", async () => {
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
    await memory.rememberSent("ADA@example.com");
    expect(memory.pending()).toEqual([{ email: "bob@example.com", state: "failed" }]);
    memory.forget("bob@example.com");
    expect(memory.pending()).toEqual([]);
    expect(site.getItem(PENDING)).toBeNull();
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
    site.setItem(PENDING, stored);
    expect(memory.pending()).toEqual([]);
  });

  it("knows sent addresses in any letter case, and keeps earlier ones", async () => {
    const { memory } = setup();
    await memory.rememberSent("Ada@Example.com");
    await memory.rememberSent("grace@example.com");
    await memory.rememberSent("ADA@example.com");
    await expect(memory.wasSent("ada@EXAMPLE.com")).resolves.toBe(true);
    await expect(memory.wasSent("grace@example.com")).resolves.toBe(true);
    await expect(memory.wasSent("alan@example.com")).resolves.toBe(false);
  });

  it("marks this tab, not the site, as signed up", async () => {
    const { memory, site, tab } = setup();
    expect(memory.signedUpInThisTab()).toBe(false);
    await memory.rememberSent("ada@example.com");
    expect(memory.signedUpInThisTab()).toBe(true);
    expect(tab.getItem("bulwark:waitlist:signed-up")).toBe("1");
    expect(site.getItem("bulwark:waitlist:signed-up")).toBeNull();
  });
});

describe("a delivered signup is kept only as a keyed hash", () => {
  it("stores no address, only HMAC-SHA-256 hashes under one random key kept beside them", async () => {
    const { memory, site } = setup();
    memory.keepSending("Ada@Example.com");
    await memory.rememberSent("Ada@Example.com");
    await memory.rememberSent("grace@example.com");
    // Not "ada": the random key and the hashes are hex, where it may appear by chance.
    expect(everything(site)).not.toMatch(/@|grace|example/i);
    const { key, sent } = delivered(site);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    const hmac = (text: string) => createHmac("sha256", key).update(text).digest("base64");
    // The address in the letter case it is compared in, delivered today: the day, not the time.
    expect(sent).toEqual({ [hmac("ada@example.com")]: TODAY, [hmac("grace@example.com")]: TODAY });
  });

  it("hashes under this browser's own key: another browser's hashes differ", async () => {
    const first = setup();
    const second = setup();
    await first.memory.rememberSent("ada@example.com");
    await second.memory.rememberSent("ada@example.com");
    expect(delivered(first.site).key).not.toBe(delivered(second.site).key);
    expect(Object.keys(delivered(first.site).sent)).not.toEqual(
      Object.keys(delivered(second.site).sent),
    );
  });

  it("takes the key another tab made while this one was hashing, and hashes again under it", async () => {
    const site = memoryStore();
    const clock = fakeClock(START);
    const other = createMemory(site, memoryStore(), clock);
    let raced = false;
    const racing: KeyedHash = {
      newKey: nodeHash.newKey,
      async hash(key, text) {
        if (!raced) {
          raced = true;
          // Another tab delivers its first signup meanwhile, under a key of its own.
          await other.rememberSent("bob@example.com");
        }
        return nodeHash.hash(key, text);
      },
    };
    const memory = createMemory(site, memoryStore(), clock, racing);
    await memory.rememberSent("ada@example.com");
    expect(Object.keys(delivered(site).sent)).toHaveLength(2);
    await expect(other.wasSent("ada@example.com")).resolves.toBe(true);
    await expect(memory.wasSent("bob@example.com")).resolves.toBe(true);
  });

  it("where the browser cannot hash (no WebCrypto), keeps it for this page only", async () => {
    const failing: KeyedHash = {
      newKey: nodeHash.newKey,
      hash: async () => {
        throw new TypeError("crypto.subtle is undefined");
      },
    };
    const { memory, site, tab } = setup({ hash: failing });
    memory.keepSending("ada@example.com");
    await memory.rememberSent("ada@example.com");
    await expect(memory.wasSent("ADA@example.com")).resolves.toBe(true);
    expect(memory.pending()).toEqual([]);
    expect(memory.signedUpInThisTab()).toBe(true);
    expect(everything(site)).toBe("\n\n");
    const nextPage = createMemory(site, tab, fakeClock(START), failing);
    await expect(nextPage.wasSent("ada@example.com")).resolves.toBe(false);
  });
});

/** The next page of the site, with this clock: made, then tidied as a page start tidies it. */
function nextPage(site: KeyValueStore, clock: { now(): number }) {
  const memory = createMemory(site, memoryStore(), clock);
  memory.expire();
  return memory;
}

const YEAR = 365 * 86_400_000;

describe("what the browser keeps ends", () => {
  it(`keeps a delivered signup's hash for ${DELIVERED_KEEP_MS / 86_400_000} days, then nothing, key included`, async () => {
    const { memory, site, clock } = setup();
    await memory.rememberSent("ada@example.com");
    // Kept from the day it was delivered, by the day.
    clock.set(TODAY + DELIVERED_KEEP_MS - MINUTE);
    await expect(nextPage(site, clock).wasSent("ada@example.com")).resolves.toBe(true);
    await memory.rememberSent("grace@example.com");
    clock.set(TODAY + DELIVERED_KEEP_MS);
    // The next page tidies up: the old hash goes from storage, then the last one with its key.
    const later = nextPage(site, clock);
    await expect(later.wasSent("ada@example.com")).resolves.toBe(false);
    await expect(later.wasSent("grace@example.com")).resolves.toBe(true);
    expect(Object.keys(delivered(site).sent)).toHaveLength(1);
    clock.set(TODAY + DELIVERED_KEEP_MS - 86_400_000 + DELIVERED_KEEP_MS);
    nextPage(site, clock);
    expect(site.getItem(DELIVERED)).toBeNull();
  });

  it(`keeps a pending signup's address for ${PENDING_KEEP_MS / 86_400_000} days from the day of its last submit, then nothing`, () => {
    const { memory, site, clock } = setup();
    memory.keepSending("ada@example.com");
    memory.markFailed("ada@example.com");
    memory.keepSending("bob@example.com");
    clock.set(TODAY + PENDING_KEEP_MS - MINUTE);
    // Submitted again: kept a week from today.
    memory.keepSending("bob@example.com");
    expect(nextPage(site, clock).failedEmail()).toBe("ada@example.com");
    clock.set(TODAY + PENDING_KEEP_MS);
    const later = nextPage(site, clock);
    expect(later.failedEmail()).toBe("");
    expect(later.pending()).toEqual([{ email: "bob@example.com", state: "sending" }]);
    expect(site.getItem(PENDING)).not.toContain("ada@example.com");
    clock.set(TODAY + PENDING_KEEP_MS - 86_400_000 + PENDING_KEEP_MS);
    nextPage(site, clock);
    expect(site.getItem(PENDING)).toBeNull();
  });

  it("keeps a failed signup from when it was submitted, not from when it failed", () => {
    const { memory, site, clock } = setup();
    memory.keepSending("ada@example.com");
    clock.set(TODAY + PENDING_KEEP_MS - MINUTE);
    memory.markInFlight("ada@example.com", clock.now());
    memory.markFailed("ada@example.com");
    clock.set(TODAY + PENDING_KEEP_MS);
    expect(nextPage(site, clock).pending()).toEqual([]);
  });

  it("forgets nothing for its time while a page runs: only the next page's start ends it", async () => {
    const { memory, clock } = setup();
    await memory.rememberSent("ada@example.com");
    memory.keepSending("bob@example.com");
    clock.advance(YEAR);
    await expect(memory.wasSent("ada@example.com")).resolves.toBe(true);
    expect(memory.entry("bob@example.com")?.state).toBe("sending");
  });
});

/**
 * A clock that jumps (docs/behaviour.md, "A clock that jumps"): each kept thing, a pending signup
 * and a delivered one, written before the jump and read after it.
 */
describe("a clock that jumps", () => {
  async function keptBeforeJump() {
    const { memory, site, clock } = setup();
    await memory.rememberSent("ada@example.com");
    memory.keepSending("bob@example.com");
    return { memory, site, clock };
  }

  it("ahead a year, while the page runs: still delivered, still pending, nothing sent twice", async () => {
    const { memory, clock } = await keptBeforeJump();
    clock.advance(YEAR);
    await expect(memory.wasSent("ada@example.com")).resolves.toBe(true);
    expect(memory.entry("bob@example.com")).toEqual({ email: "bob@example.com", state: "sending" });
    // Not offered in the field nor carried on by a page, though: past its keeping by this clock.
    expect(memory.pending()).toEqual([]);
    // Written after the jump, the others stay as they were.
    memory.keepSending("carol@example.com");
    await memory.rememberSent("dan@example.com");
    await expect(memory.wasSent("ada@example.com")).resolves.toBe(true);
    expect(memory.entry("bob@example.com")?.state).toBe("sending");
  });

  it("ahead a year, then a page starts: what it kept has ended, as a year passing would", async () => {
    const { site, clock } = await keptBeforeJump();
    clock.advance(YEAR);
    const later = nextPage(site, clock);
    await expect(later.wasSent("ada@example.com")).resolves.toBe(false);
    expect(later.pending()).toEqual([]);
  });

  it(`ahead 31 days, then a page starts: the pending signup (${PENDING_KEEP_MS / 86_400_000} days) and the delivered one (${DELIVERED_KEEP_MS / 86_400_000} days) have ended`, async () => {
    const { site, clock } = await keptBeforeJump();
    clock.advance(31 * 86_400_000);
    const later = nextPage(site, clock);
    await expect(later.wasSent("ada@example.com")).resolves.toBe(false);
    expect(later.pending()).toEqual([]);
  });

  it("back a year: what was kept is from the clock's future, kept as written now, and still ends", async () => {
    const { site, clock } = await keptBeforeJump();
    clock.advance(-YEAR);
    const later = nextPage(site, clock);
    await expect(later.wasSent("ada@example.com")).resolves.toBe(true);
    expect(later.pending()).toEqual([{ email: "bob@example.com", state: "sending" }]);
    expect(Object.values(delivered(site).sent)).toEqual([TODAY - YEAR]);
    clock.advance(PENDING_KEEP_MS);
    expect(nextPage(site, clock).pending()).toEqual([]);
    clock.advance(DELIVERED_KEEP_MS - PENDING_KEEP_MS);
    await expect(nextPage(site, clock).wasSent("ada@example.com")).resolves.toBe(false);
  });

  it("another tab's clock a year ahead or behind: what it wrote is never forgotten here", async () => {
    for (const skew of [YEAR, -YEAR]) {
      const site = memoryStore();
      const here = fakeClock(START);
      const other = createMemory(site, memoryStore(), fakeClock(START + skew));
      await other.rememberSent("ada@example.com");
      other.keepSending("bob@example.com");
      const page = createMemory(site, memoryStore(), here);
      await expect(page.wasSent("ada@example.com")).resolves.toBe(true);
      expect(page.entry("bob@example.com")?.state).toBe("sending");
      // This tab's own writes leave the other's entries as they were.
      page.keepSending("carol@example.com");
      await page.rememberSent("dan@example.com");
      await expect(other.wasSent("ada@example.com")).resolves.toBe(true);
      expect(other.entry("bob@example.com")?.state).toBe("sending");
    }
  });
});

describe("what an earlier deploy kept", () => {
  it("hashes its clear-text list of sent addresses once, and removes it", async () => {
    const site = memoryStore();
    site.setItem(CLEAR_SENT, JSON.stringify(["ada@example.com", 42, "grace@example.com", null]));
    const clock = fakeClock(START);
    const memory = createMemory(site, memoryStore(), clock);
    await expect(memory.wasSent("Ada@example.com")).resolves.toBe(true);
    await expect(memory.wasSent("grace@example.com")).resolves.toBe(true);
    await expect(memory.wasSent("42")).resolves.toBe(false);
    expect(site.getItem(CLEAR_SENT)).toBeNull();
    // Not "ada": the random key and the hashes are hex, where it may appear by chance.
    expect(everything(site)).not.toMatch(/@|grace|example/i);
    // Its time was not kept: the 30 days run from the move.
    expect(Object.values(delivered(site).sent)).toEqual([TODAY, TODAY]);
  });

  it("moves its list as a page starts, before anything is asked", async () => {
    const site = memoryStore();
    site.setItem(CLEAR_SENT, JSON.stringify(["ada@example.com"]));
    const memory = createMemory(site, memoryStore(), fakeClock(START));
    await expect.poll(() => site.getItem(CLEAR_SENT)).toBeNull();
    await expect(memory.wasSent("ada@example.com")).resolves.toBe(true);
  });

  it.each([
    ["not JSON", "{oops"],
    ["not a list", '{"ada@example.com":true}'],
    ["an address as text", "ada@example.com"],
  ])("removes a clear-text list that is %s, knowing nothing of it", async (_what, stored) => {
    const site = memoryStore();
    site.setItem(CLEAR_SENT, stored);
    const memory = createMemory(site, memoryStore(), fakeClock(START));
    await expect(memory.wasSent("ada@example.com")).resolves.toBe(false);
    expect(site.getItem(CLEAR_SENT)).toBeNull();
  });

  it("gives its pending signups, which carry no time, a week from the move", () => {
    const site = memoryStore();
    site.setItem(
      PENDING,
      JSON.stringify([{ email: "ada@example.com", state: "sending", inFlightSince: 5 }]),
    );
    const clock = fakeClock(START);
    createMemory(site, memoryStore(), clock);
    expect(JSON.parse(site.getItem(PENDING) ?? "")).toEqual([
      { email: "ada@example.com", state: "sending", inFlightSince: 5, keptAt: TODAY },
    ]);
    clock.advance(PENDING_KEEP_MS);
    expect(nextPage(site, clock).pending()).toEqual([]);
  });

  it("rewrites its pending address kept as plain text as a kept entry", () => {
    const site = memoryStore();
    site.setItem(PENDING, "ada@example.com");
    createMemory(site, memoryStore(), fakeClock(START));
    expect(JSON.parse(site.getItem(PENDING) ?? "")).toEqual([
      { email: "ada@example.com", state: "failed", keptAt: TODAY },
    ]);
  });
});

describe("signup memory reads back no one's word", () => {
  const pendingOf = (stored: unknown) => {
    const { memory, site } = setup();
    site.setItem(PENDING, JSON.stringify(stored));
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
    site.setItem(PENDING, "see https://evil.example/@");
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
    ["a kept time that is text", { email: "ada@example.com", state: "failed", keptAt: "5" }],
  ])("drops an entry of the wrong shape: %s", (_what, entry) => {
    expect(pendingOf([entry]).pending()).toEqual([]);
  });

  it("reads a delivered record of the wrong shape as none, and starts afresh on the next send", async () => {
    for (const stored of ["{oops", "[]", '{"key":"","sent":{}}', '{"key":"k","sent":"ada"}']) {
      const { memory, site } = setup();
      site.setItem(DELIVERED, stored);
      await expect(memory.wasSent("ada@example.com")).resolves.toBe(false);
      await memory.rememberSent("ada@example.com");
      await expect(memory.wasSent("ada@example.com")).resolves.toBe(true);
      expect(Object.keys(delivered(site).sent)).toHaveLength(1);
    }
  });

  it("drops hashes of the wrong shape, and keeps the others, a time far ahead as written now", async () => {
    const { memory, site } = setup();
    await memory.rememberSent("ada@example.com");
    const record = delivered(site);
    const [mark = ""] = Object.keys(record.sent);
    site.setItem(
      DELIVERED,
      JSON.stringify({ ...record, sent: { ...record.sent, other: "soon", far: 1e300 } }),
    );
    const later = nextPage(site, fakeClock(START));
    expect(delivered(site).sent).toEqual({ [mark]: TODAY, far: TODAY });
    await expect(later.wasSent("ada@example.com")).resolves.toBe(true);
  });

  it("keeps only the fields it knows, so nothing else is written back", () => {
    const { memory, site } = setup();
    site.setItem(
      "bulwark:waitlist:pending",
      JSON.stringify([{ email: "ada@example.com", state: "sending", junk: "x".repeat(1000) }]),
    );
    expect(memory.pending()).toEqual([{ email: "ada@example.com", state: "sending" }]);
    memory.markInFlight("ada@example.com", 7);
    expect(JSON.parse(site.getItem(PENDING) ?? "")).toEqual([
      { email: "ada@example.com", state: "sending", inFlightSince: 7, keptAt: TODAY },
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
    expect(JSON.parse(site.getItem(PENDING) ?? "")).toEqual([
      { email: "bob@example.com", state: "failed", keptAt: TODAY },
      { email: "ada@example.com", state: "sending", keptAt: TODAY },
    ]);
  });
});
