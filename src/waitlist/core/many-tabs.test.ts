/**
 * One address submitted in five tabs of one browser, one tab's clock a year ahead or behind (set
 * wrong, or jumped), on a forced order of lock grants: whatever the order, it is sent once, and every
 * tab ends as delivered (docs/behaviour.md, "One address, many tabs" and "A clock that jumps").
 */
import { createHmac, randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Clock, systemClock } from "./clock";
import { type KeyValueStore, memoryStore } from "./key-value-store";
import { createSignupMemory } from "./signup-memory";
import { type SendingMark, storageLease, type TabLock } from "./tab-lock";
import { createWaitlistSignup, type SignupOutcome } from "./waitlist-signup";

const EMAIL = "ada@example.com";
const YEAR = 365 * 86_400_000;
const TABS = ["one", "two", "three", "four", "five"];
/** The third tab's clock is the odd one. */
const ODD_TAB = "three";

/**
 * Web Locks as the test grants them: each request waits until the test names its tab, and a name
 * is held by one tab at a time; beside them, the shared lock of deliveries under way.
 */
function grantedLocks() {
  const waiting: { tab: string; run: () => void; name: string }[] = [];
  const held = new Set<string>();
  let deliveries = 0;
  return {
    sending: (async (task) => {
      deliveries++;
      try {
        return await task();
      } finally {
        deliveries--;
      }
    }) as SendingMark,
    /** A page starts: it tidies the memory unless a delivery is under way (`unlessSending`). */
    startPage(site: KeyValueStore, clock: Clock) {
      const memory = memoryOf(site, clock);
      if (deliveries === 0) memory.expire();
    },
    lockFor:
      (tab: string): TabLock =>
      (name, signal, task) =>
        new Promise((resolve, reject) => {
          const request = {
            tab,
            name,
            run: () => {
              held.add(name);
              task()
                .then(resolve, reject)
                .finally(() => held.delete(name));
            },
          };
          waiting.push(request);
          signal.addEventListener("abort", () => {
            waiting.splice(waiting.indexOf(request), 1);
            reject(signal.reason);
          });
        }),
    grant(tab: string) {
      const at = waiting.findIndex((request) => request.tab === tab);
      const [request] = waiting.splice(at, 1);
      if (!request || held.has(request.name)) throw new Error(`${tab} cannot be granted the lock`);
      request.run();
    },
    waitingTabs: () => waiting.map((request) => request.tab),
  };
}

/** This tab's clock: the test's fake time, `skew` ahead. */
const skewedClock = (skew: number): Clock => ({
  now: () => Date.now() + skew,
  sleep: systemClock.sleep,
});

/** A tab's memory; its keyed hash waits for `hashing`, as on a starved CPU. */
function memoryOf(site: KeyValueStore, clock: Clock, hashing: Promise<void> = Promise.resolve()) {
  return createSignupMemory({
    site,
    tab: memoryStore(),
    clock,
    hash: {
      newKey: () => randomBytes(32).toString("base64"),
      hash: async (key, text) => {
        await hashing;
        return createHmac("sha256", key).update(text).digest("base64");
      },
    },
  });
}

/**
 * One browser of five tabs: `lockFor` gives each tab its lock, `sending` the shared sign of a
 * delivery, and the tab named `slowTab` hashes only once `hashed()` is called.
 */
function browserOf(
  skew: number,
  lockFor: (tab: string, clock: Clock, site: KeyValueStore) => TabLock,
  { sending, slowTab }: { sending?: SendingMark; slowTab?: string } = {},
) {
  let hashed = () => {};
  const slowHashing = new Promise<void>((resolve) => {
    hashed = resolve;
  });
  const site = memoryStore();
  const requests: { resolve: () => void }[] = [];
  const send = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        requests.push({ resolve });
      }),
  );
  const tabs = TABS.map((name) => {
    const clock = skewedClock(name === ODD_TAB ? skew : 0);
    const signup = createWaitlistSignup({
      send,
      memory: memoryOf(site, clock, name === slowTab ? slowHashing : undefined),
      lock: lockFor(name, clock, site),
      sending,
      clock,
      random: () => 0,
      network: { isOnline: () => true, whenOnline: async () => {} },
      timeoutMs: 3000,
      budgetMs: 120_000,
    });
    return { name, clock, signup };
  });
  return { site, send, requests, tabs, hashed };
}

/** Lets every promise callback run, without moving the fake clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** Where the odd tab stands in the order of grants: first, second, ... last. */
const orders = TABS.map((_, at) => {
  const others = TABS.filter((name) => name !== ODD_TAB);
  return [...others.slice(0, at), ODD_TAB, ...others.slice(at)];
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 10, 28, 9));
});
afterEach(() => {
  vi.useRealTimers();
});

describe.each([
  ["a year ahead", YEAR],
  ["a year behind", -YEAR],
  ["31 days ahead", 31 * 86_400_000],
])("five tabs, one address, the third tab's clock %s", (_how, skew) => {
  it.each(orders)(
    "submitted in all five at once, granted in the order %s, %s, %s, %s, %s: sent once",
    async (...order) => {
      const locks = grantedLocks();
      const { site, send, requests, tabs } = browserOf(skew, (tab) => locks.lockFor(tab), {
        sending: locks.sending,
      });
      const outcomes = new Map<string, SignupOutcome>();
      for (const tab of tabs) {
        void tab.signup.submit(EMAIL).then((outcome) => {
          outcomes.set(tab.name, outcome);
          // The tab moves to /success: its next page starts, and tidies unless a send is under way.
          locks.startPage(site, tab.clock);
        });
      }
      for (const name of order) {
        while (!locks.waitingTabs().includes(name)) await settle();
        locks.grant(name);
        await settle();
        for (const request of requests.splice(0)) request.resolve();
        while (!outcomes.has(name)) await settle();
      }
      expect(send).toHaveBeenCalledTimes(1);
      expect(TABS.map((name) => outcomes.get(name)).sort()).toEqual([
        "already-sent",
        "already-sent",
        "already-sent",
        "already-sent",
        "sent",
      ]);
    },
  );

  // Not among them: a tab of the right clock that submits only after the odd tab's next page
  // started with no delivery under way. That page ended what its clock saw as past its keeping, as
  // days passing would (docs/behaviour.md, "A clock that jumps"): signup-memory.test.ts shows it.
  const slowCases = [
    ...orders.map((order) => ["a tab of the right clock", "still hashing its submit", ...order]),
    ...["still hashing its submit", "submitting only then"].flatMap((how) =>
      orders.map((order) => ["the tab of the odd clock", how, ...order]),
    ),
  ];

  it.each(slowCases)(
    "%s %s (a starved CPU) while the others end and move on, in the order %s, %s, %s, %s, %s: sent once",
    async (slow, how, ...order) => {
      const slowTab =
        slow === "the tab of the odd clock" ? ODD_TAB : order.find((name) => name !== ODD_TAB);
      const locks = grantedLocks();
      const { site, send, requests, tabs, hashed } = browserOf(skew, (tab) => locks.lockFor(tab), {
        sending: locks.sending,
        slowTab,
      });
      const outcomes = new Map<string, SignupOutcome>();
      const submit = (tab: (typeof tabs)[number]) =>
        void tab.signup.submit(EMAIL).then((outcome) => {
          outcomes.set(tab.name, outcome);
          locks.startPage(site, tab.clock);
        });
      const late = how === "submitting only then";
      for (const tab of tabs) if (!late || tab.name !== slowTab) submit(tab);
      for (const name of order.filter((name) => name !== slowTab)) {
        while (!locks.waitingTabs().includes(name)) await settle();
        locks.grant(name);
        await settle();
        for (const request of requests.splice(0)) request.resolve();
        while (!outcomes.has(name)) await settle();
      }
      // Every other tab has ended and moved to its next page; the slow one's click or hash lands now.
      const lateTab = tabs.find((tab) => tab.name === slowTab);
      if (late && lateTab) submit(lateTab);
      hashed();
      const slowName = slowTab ?? "";
      while (!locks.waitingTabs().includes(slowName) && !outcomes.has(slowName)) await settle();
      if (locks.waitingTabs().includes(slowName)) locks.grant(slowName);
      await settle();
      for (const request of requests.splice(0)) request.resolve();
      while (outcomes.size < TABS.length) await settle();
      expect(send).toHaveBeenCalledTimes(1);
      expect(outcomes.get(slowName)).toBe("already-sent");
    },
  );

  it("without Web Locks, on the storage lease: sent once, and no tab waits for the odd clock", async () => {
    const { send, requests, tabs } = browserOf(skew, (name, clock, site) =>
      storageLease(site, clock, 5000, name),
    );
    const outcomes = tabs.map((tab) => tab.signup.submit(EMAIL));
    for (let second = 0; second < 60 && requests.length === 0; second++) {
      await vi.advanceTimersByTimeAsync(1000);
    }
    for (const request of requests.splice(0)) request.resolve();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(send).toHaveBeenCalledTimes(1);
    expect((await Promise.all(outcomes)).sort()).toEqual([
      "already-sent",
      "already-sent",
      "already-sent",
      "already-sent",
      "sent",
    ]);
  });
});
