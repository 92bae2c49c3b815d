/**
 * The delivery loop (docs/behaviour.md, "Launch day", "No lost signups", "One address, many tabs"),
 * on the real clock under fake timers, in-memory records and a lock shared by the "tabs".
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { systemClock } from "./clock";
import { createDelivery } from "./delivery";
import {
  type DeliveryDeps,
  type DeliveryEvent,
  type Network,
  type Records,
  SendTimeoutError,
  type Ticket,
} from "./delivery-deps";
import type { SignupRecord } from "./signup-record";

const EMAIL = "ada@example.com";
const TIMEOUT_MS = 3000;
/** A request unanswered for twice the time limit is given up on. */
const EXPIRY_MS = 2 * TIMEOUT_MS;
const BUDGET_MS = 120_000;
const NOW = Date.UTC(2026, 10, 28, 9, 30);
const TODAY = Date.UTC(2026, 10, 28);

const http = (status: number, text: string) => ({ status, text });

/** A lock per address, as Web Locks: a waiter that aborts leaves the queue, a holder does not. */
function locks(): DeliveryDeps["lock"] {
  const queues = new Map<string, Promise<void>>();
  return (email, signal, task) => {
    const before = queues.get(email.toLowerCase()) ?? Promise.resolve();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    queues.set(
      email.toLowerCase(),
      before.then(() => held),
    );
    return new Promise((resolve, reject) => {
      const abort = () => {
        release();
        reject(signal.reason);
      };
      if (signal.aborted) return abort();
      signal.addEventListener("abort", abort, { once: true });
      void before.then(() => {
        signal.removeEventListener("abort", abort);
        if (!signal.aborted) task().then(resolve, reject).finally(release);
      });
    });
  };
}

/** A send the test answers by hand: each call is one request. */
function manualSend() {
  const calls: { email: string; ticket?: Ticket; resolve(): void; reject(error: unknown): void }[] =
    [];
  const send = vi.fn(
    (email: string, ticket?: Ticket) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ email, ticket, resolve, reject });
      }),
  );
  return { send, calls };
}

/** A network that is online, or offline until `goOnline()` (and again from `goOffline()`). */
function network(online = true): Network & { goOnline(): void; goOffline(): void } {
  const waiting = new Set<() => void>();
  return {
    isOnline: () => online,
    whenOnline: (signal) =>
      new Promise((resolve, reject) => {
        if (online) return resolve();
        waiting.add(resolve);
        signal.addEventListener("abort", () => reject(signal.reason), { once: true });
      }),
    goOnline() {
      online = true;
      for (const resolve of waiting) resolve();
    },
    goOffline() {
      online = false;
    },
  };
}

/** One browser: records, lock and send shared by its tabs; `tab()` opens another. */
function browser(overrides: Partial<DeliveryDeps> = {}) {
  // The records, by address in lower case.
  const store = new Map<string, SignupRecord>();
  const records: Records = {
    read: async (email) => store.get(email.toLowerCase()) ?? null,
    write: async (email, record) => {
      if (record) store.set(email.toLowerCase(), record);
      else store.delete(email.toLowerCase());
    },
  };
  const { send, calls } = manualSend();
  const lock = locks();
  const leaving = new AbortController();
  const observed: { start: string; event: DeliveryEvent }[] = [];
  const tab = () =>
    createDelivery({
      records,
      lock,
      send,
      clock: systemClock,
      random: () => 0,
      network: network(),
      timeoutMs: TIMEOUT_MS,
      budgetMs: BUDGET_MS,
      leaving: () => leaving.signal,
      observe: (how) => (event) => observed.push({ start: how, event }),
      ...overrides,
    });
  return { deliver: tab(), tab, store, send, calls, leaving, observed };
}

/** Delivers `email`, collecting the events it tells. */
function start(
  deliver: ReturnType<typeof createDelivery>,
  how: Parameters<ReturnType<typeof createDelivery>>[1] = "form",
  { email = EMAIL, signal }: { email?: string; signal?: AbortSignal } = {},
) {
  const events: DeliveryEvent[] = [];
  const ending = deliver(email, how, { onEvent: (event) => events.push(event), signal });
  return { ending, events, waits: () => events.filter((event) => event.type === "waiting") };
}

const waiting = (reason: string) => ({ type: "waiting", reason });
const ended = (outcome: string, retried: boolean, how = "form") =>
  expect.objectContaining({ type: "ended", start: how, outcome, retried });

/** Lets pending promise callbacks run, without moving the fake clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a first delivery", () => {
  it("writes the request as out before sending, then keeps the address as delivered", async () => {
    const { deliver, calls, store, observed } = browser();
    const { ending, events } = start(deliver, "before-app", { email: "Ada@Example.com" });
    await settle();
    expect(calls.map((call) => call.email)).toEqual(["Ada@Example.com"]);
    expect(store.get(EMAIL)).toMatchObject({ state: "sending", inFlight: true, retried: false });
    calls[0]?.resolve();
    await expect(ending).resolves.toEqual({ outcome: "sent" });
    expect(store.get(EMAIL)).toEqual({ state: "delivered", day: TODAY });
    expect(events).toEqual([{ type: "taken-over" }, ended("sent", false, "before-app")]);
    expect(observed).toEqual(events.map((event) => ({ start: "before-app", event })));
  });

  it("sends a delivered address no more, in any letter case", async () => {
    const { deliver, calls, send } = browser();
    const first = start(deliver);
    await settle();
    calls[0]?.resolve();
    await first.ending;
    const again = start(deliver, "form", { email: "ADA@example.com" });
    await expect(again.ending).resolves.toEqual({ outcome: "already-sent" });
    expect(send).toHaveBeenCalledTimes(1);
    expect(again.events).toEqual([ended("already-sent", false)]);
  });
});

describe("a try that certainly did not arrive", () => {
  it("after a 429, is tried again no sooner than a second later, the crowd told once", async () => {
    const { deliver, calls } = browser();
    const { ending, events, waits } = start(deliver);
    for (let at = 0; at < 2; at++) {
      await settle();
      calls[at]?.reject(http(429, "Too Many Requests"));
      await vi.advanceTimersByTimeAsync(999);
      expect(calls).toHaveLength(at + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toHaveLength(at + 2);
    }
    calls[2]?.resolve();
    await expect(ending).resolves.toEqual({ outcome: "sent" });
    expect(waits()).toEqual([waiting("crowd")]);
    expect(events.at(-1)).toEqual(ended("sent", true));
  });

  it("after 503s, is tried at growing, jittered intervals within the budget, then fails", async () => {
    const { deliver, calls, store } = browser({ random: () => 0.5, budgetMs: 20_000 });
    const { ending, events, waits } = start(deliver);
    const refusal = http(503, "Service Unavailable");
    const triedAt: number[] = [];
    for (let ms = 0; ms < 30_000; ms += 100) {
      await vi.advanceTimersByTimeAsync(100);
      const call = calls[triedAt.length];
      if (!call) continue;
      triedAt.push(ms);
      call.reject(refusal);
    }
    // Waits of 1 s + half of 1, 2, 4, 8 s; the next (1 s + 8 s) would end past the 20 s budget.
    expect(triedAt).toEqual([0, 1500, 3500, 6500, 11_500]);
    await expect(ending).resolves.toEqual({ outcome: "failed", error: refusal });
    expect(store.get(EMAIL)).toEqual({ state: "failed", email: EMAIL, day: TODAY });
    expect(waits()).toEqual([waiting("trouble")]);
    expect(events.at(-1)).toEqual(ended("failed", true));
  });

  it("offline, waits for the browser to be online again, then tries", async () => {
    const net = network(false);
    const { deliver, calls } = browser({ network: net });
    const { ending, waits } = start(deliver);
    await settle();
    calls[0]?.reject(new TypeError("Failed to fetch"));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect(waits()).toEqual([waiting("offline")]);
    net.goOnline();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(2);
    calls[1]?.resolve();
    await expect(ending).resolves.toEqual({ outcome: "sent" });
  });

  it("offline past the budget, fails with the address kept", async () => {
    const { deliver, calls, store } = browser({ network: network(false), budgetMs: 30_000 });
    const { ending } = start(deliver);
    await settle();
    const offline = new TypeError("Failed to fetch");
    calls[0]?.reject(offline);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(store.get(EMAIL)).toMatchObject({ state: "sending" });
    await vi.advanceTimersByTimeAsync(1);
    await expect(ending).resolves.toEqual({ outcome: "failed", error: offline });
    expect(calls).toHaveLength(1);
    expect(store.get(EMAIL)).toEqual({ state: "failed", email: EMAIL, day: TODAY });
  });
});

describe("storage that fails", () => {
  it("ends failed with its error, never cancelled: the visitor is told, the address kept", async () => {
    const broken = new DOMException("The operation failed", "UnknownError");
    const records: Records = { read: () => Promise.reject(broken), write: async () => {} };
    const { deliver, send } = browser({ records });
    await expect(start(deliver).ending).resolves.toEqual({ outcome: "failed", error: broken });
    expect(send).not.toHaveBeenCalled();
  });
});

describe("a refusal that trying again cannot fix", () => {
  it.each([
    ["400", http(400, "The template ID is invalid")],
    ["a missing id (the SDK throws a string)", "The template ID is required."],
  ])("%s fails at once, keeping the address", async (_, refusal) => {
    const { deliver, calls, store } = browser();
    const { ending, waits } = start(deliver);
    await settle();
    calls[0]?.reject(refusal);
    await expect(ending).resolves.toEqual({ outcome: "failed", error: refusal });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect(waits()).toEqual([]);
    expect(store.get(EMAIL)).toEqual({ state: "failed", email: EMAIL, day: TODAY });
  });
});

describe("a try that may have arrived", () => {
  it("after a 500, is tried once more", async () => {
    const { deliver, calls, store } = browser();
    const { ending, waits } = start(deliver);
    await settle();
    calls[0]?.reject(http(500, "Internal Server Error"));
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(2);
    expect(store.get(EMAIL)).toMatchObject({ state: "sending", inFlight: true, retried: true });
    calls[1]?.resolve();
    await expect(ending).resolves.toEqual({ outcome: "sent" });
    expect(waits()).toEqual([waiting("trouble")]);
  });

  it("after two 500s, fails after exactly two requests", async () => {
    const { deliver, calls, store } = browser();
    const { ending } = start(deliver);
    await settle();
    calls[0]?.reject(http(500, "Internal Server Error"));
    await vi.advanceTimersByTimeAsync(1000);
    const second = http(502, "Bad Gateway");
    calls[1]?.reject(second);
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(ending).resolves.toEqual({ outcome: "failed", error: second });
    expect(calls).toHaveLength(2);
    expect(store.get(EMAIL)).toEqual({ state: "failed", email: EMAIL, day: TODAY });
  });

  it("tells slow at the time limit, and an answer before twice the limit still counts", async () => {
    const { deliver, calls } = browser();
    const { ending, waits } = start(deliver);
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    expect(waits()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(waits()).toEqual([waiting("slow")]);
    await vi.advanceTimersByTimeAsync(EXPIRY_MS - TIMEOUT_MS - 1);
    calls[0]?.resolve();
    await expect(ending).resolves.toEqual({ outcome: "sent" });
    expect(calls).toHaveLength(1);
  });

  it("unanswered for twice the time limit, is sent once more; a silent retry fails", async () => {
    const { deliver, calls } = browser();
    const { ending, waits } = start(deliver);
    await vi.advanceTimersByTimeAsync(EXPIRY_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1 + 1000);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(EXPIRY_MS);
    const { outcome, error } = await ending;
    expect(outcome).toBe("failed");
    expect(error).toBeInstanceOf(SendTimeoutError);
    expect((error as Error).message).toBe("EmailJS did not answer within 6000 ms");
    expect(waits()).toEqual([waiting("slow"), waiting("trouble")]);
  });

  it("answered late while waiting for the retry: sent, no second request", async () => {
    const { deliver, calls, store } = browser({ random: () => 0.999 });
    const { ending, events } = start(deliver);
    await vi.advanceTimersByTimeAsync(EXPIRY_MS + 500);
    calls[0]?.resolve();
    await vi.advanceTimersByTimeAsync(2000);
    await expect(ending).resolves.toEqual({ outcome: "sent" });
    expect(calls).toHaveLength(1);
    expect(store.get(EMAIL)).toEqual({ state: "delivered", day: TODAY });
    expect(events.at(-1)).toEqual(ended("sent", true));
  });

  it("answered late while the retry is out: sent", async () => {
    const { deliver, calls } = browser();
    const { ending } = start(deliver);
    await vi.advanceTimersByTimeAsync(EXPIRY_MS + 1000);
    expect(calls).toHaveLength(2);
    calls[0]?.resolve();
    await expect(ending).resolves.toEqual({ outcome: "sent" });
  });

  it("answered late while waiting offline for the network: sent, no third request", async () => {
    const net = network();
    const { deliver, calls, store } = browser({ network: net });
    const { ending, events, waits } = start(deliver);
    await vi.advanceTimersByTimeAsync(EXPIRY_MS + 1000);
    net.goOffline();
    calls[1]?.reject(new TypeError("Failed to fetch"));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(waits()).toEqual([waiting("slow"), waiting("trouble"), waiting("offline")]);
    calls[0]?.resolve();
    await settle();
    expect(events.at(-1)).toEqual(ended("sent", true));
    await expect(ending).resolves.toEqual({ outcome: "sent" });
    expect(store.get(EMAIL)).toEqual({ state: "delivered", day: TODAY });
    net.goOnline();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(2);
  });

  it("answered after it ended failed: kept as delivered, never sent again", async () => {
    const { deliver, calls, store, send } = browser();
    const { ending } = start(deliver);
    await vi.advanceTimersByTimeAsync(EXPIRY_MS + 1000 + EXPIRY_MS);
    const { outcome, error } = await ending;
    expect(outcome).toBe("failed");
    expect(error).toBeInstanceOf(SendTimeoutError);
    calls[0]?.resolve();
    await settle();
    expect(store.get(EMAIL)).toEqual({ state: "delivered", day: TODAY });
    await expect(start(deliver).ending).resolves.toEqual({ outcome: "already-sent" });
    expect(send).toHaveBeenCalledTimes(2);
  });
});

describe("one address, many tabs", () => {
  it("two tabs at once: one request, both end delivered", async () => {
    const { tab, calls } = browser();
    const one = start(tab());
    const two = start(tab(), "form", { email: "Ada@Example.COM" });
    await settle();
    expect(calls).toHaveLength(1);
    calls[0]?.resolve();
    expect(await one.ending).toEqual({ outcome: "sent" });
    expect(await two.ending).toEqual({ outcome: "already-sent" });
    expect(calls).toHaveLength(1);
  });

  it("five tabs, the first answer slow: one request, the others told slow after a second", async () => {
    const { tab, calls } = browser();
    const tabs = Array.from({ length: 5 }, () => start(tab()));
    await vi.advanceTimersByTimeAsync(999);
    for (const { waits } of tabs) expect(waits()).toEqual([]);
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS + 1);
    calls[0]?.resolve();
    const endings = await Promise.all(tabs.map(({ ending }) => ending));
    expect(endings.map(({ outcome }) => outcome)).toEqual([
      "sent",
      ...Array(4).fill("already-sent"),
    ]);
    expect(calls).toHaveLength(1);
    for (const { waits } of tabs) expect(waits()).toEqual([waiting("slow")]);
  });

  it("a tab told slow while waiting for the lock, then slow itself, is told so once", async () => {
    const { tab, calls } = browser();
    const one = start(tab());
    const two = start(tab());
    await vi.advanceTimersByTimeAsync(1000);
    expect(two.waits()).toEqual([waiting("slow")]);
    calls[0]?.reject(http(400, "Bad Request"));
    await expect(one.ending).resolves.toMatchObject({ outcome: "failed" });
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    expect(calls).toHaveLength(2);
    expect(two.waits()).toEqual([waiting("slow")]);
    calls[1]?.resolve();
    await expect(two.ending).resolves.toEqual({ outcome: "sent" });
  });

  it("a tab that stops waiting for the lock ends cancelled, the other carries on", async () => {
    const { tab, calls } = browser();
    const one = start(tab());
    const stop = new AbortController();
    const two = start(tab(), "form", { signal: stop.signal });
    await settle();
    stop.abort();
    await expect(two.ending).resolves.toEqual({ outcome: "cancelled" });
    expect(two.events).toEqual([ended("cancelled", false)]);
    calls[0]?.resolve();
    await expect(one.ending).resolves.toEqual({ outcome: "sent" });
    expect(calls).toHaveLength(1);
  });
});

describe("a later page", () => {
  const leftOut = {
    state: "sending",
    email: EMAIL,
    day: TODAY - 86_400_000,
    inFlight: true,
    retried: false,
  } as const;

  it("sends a request a closed page left unanswered once more; a second maybe fails", async () => {
    const { deliver, calls, store } = browser();
    store.set(EMAIL, leftOut);
    const { ending, events } = start(deliver, "resumed");
    await settle();
    expect(calls).toHaveLength(1);
    expect(store.get(EMAIL)).toEqual({ ...leftOut, day: TODAY, retried: true });
    calls[0]?.reject(http(500, "Internal Server Error"));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect((await ending).outcome).toBe("failed");
    expect(store.get(EMAIL)).toEqual({ state: "failed", email: EMAIL, day: TODAY });
    expect(events.at(-1)).toEqual(ended("failed", false, "resumed"));
  });

  it.each<[string, SignupRecord | undefined]>([
    ["a delivered address", { state: "delivered", day: TODAY }],
    ["an address no longer kept", undefined],
  ])("resuming %s ends cancelled, sending nothing", async (_, record) => {
    const { deliver, send, store } = browser();
    if (record) store.set(EMAIL, record);
    const { ending, events } = start(deliver, "resumed");
    await expect(ending).resolves.toEqual({ outcome: "cancelled" });
    expect(send).not.toHaveBeenCalled();
    expect(store.get(EMAIL)).toEqual(record);
    expect(events).toEqual([ended("cancelled", false, "resumed")]);
  });
});

describe("a page being left", () => {
  it.each<
    [
      string,
      Partial<DeliveryDeps>,
      (calls: ReturnType<typeof manualSend>["calls"]) => unknown,
      object,
    ]
  >([
    ["mid-request, leaving it unanswered", {}, () => {}, { inFlight: true, retried: false }],
    [
      "mid-wait",
      {},
      (calls) => calls[0]?.reject(http(503, "Service Unavailable")),
      { inFlight: false },
    ],
    [
      "while the bot check asks the visitor",
      { ticket: () => new Promise<Ticket>(() => {}) },
      () => {},
      { inFlight: false },
    ],
  ])("%s, ends cancelled, the address kept for the next page", async (_, deps, act, kept) => {
    const { deliver, calls, store, leaving } = browser(deps);
    const { ending } = start(deliver);
    await settle();
    act(calls);
    await vi.advanceTimersByTimeAsync(500);
    const sent = calls.length;
    leaving.abort();
    await expect(ending).resolves.toEqual({ outcome: "cancelled" });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(sent);
    expect(store.get(EMAIL)).toMatchObject({ state: "sending", ...kept });
  });
});

describe("a ticket (the bot check)", () => {
  function tickets() {
    const asks: { resolve(ticket: Ticket): void; reject(error: unknown): void }[] = [];
    const ticket = vi.fn(
      (_: AbortSignal, onAsking: (asking: boolean) => void) =>
        new Promise<Ticket>((resolve, reject) => {
          onAsking(true);
          asks.push({ resolve, reject });
        }),
    );
    return { ticket, asks };
  }

  it("is taken before each request, which carries it", async () => {
    const { ticket, asks } = tickets();
    const { deliver, calls } = browser({ ticket });
    const { ending, events } = start(deliver);
    await settle();
    expect(calls).toHaveLength(0);
    expect(events).toContainEqual({ type: "asking", asking: true });
    asks[0]?.resolve({ token: "first" });
    await settle();
    calls[0]?.reject(http(503, "Service Unavailable"));
    await vi.advanceTimersByTimeAsync(1000);
    expect(ticket).toHaveBeenCalledTimes(2);
    expect(calls).toHaveLength(1);
    asks[1]?.resolve({ token: "second" });
    await settle();
    expect(calls.map((call) => call.ticket)).toEqual([{ token: "first" }, { token: "second" }]);
    calls[1]?.resolve();
    await expect(ending).resolves.toEqual({ outcome: "sent" });
  });

  it("refused while online, fails with no request, the address kept", async () => {
    const { ticket, asks } = tickets();
    const { deliver, send, store } = browser({ ticket });
    const { ending } = start(deliver);
    await settle();
    const none = new Error("reCAPTCHA gave no token");
    asks[0]?.reject(none);
    await expect(ending).resolves.toEqual({ outcome: "failed", error: none });
    expect(send).not.toHaveBeenCalled();
    expect(store.get(EMAIL)).toEqual({ state: "failed", email: EMAIL, day: TODAY });
  });

  it("does not spend the budget while the visitor answers it", async () => {
    const { ticket, asks } = tickets();
    const { deliver, calls } = browser({ ticket, budgetMs: 5000 });
    const { ending } = start(deliver);
    await vi.advanceTimersByTimeAsync(10_000);
    asks[0]?.resolve({ token: "slowly" });
    await settle();
    calls[0]?.reject(http(503, "Service Unavailable"));
    await vi.advanceTimersByTimeAsync(1000);
    asks[1]?.resolve({ token: "again" });
    await settle();
    expect(calls).toHaveLength(2);
    calls[1]?.resolve();
    await expect(ending).resolves.toEqual({ outcome: "sent" });
  });
});
