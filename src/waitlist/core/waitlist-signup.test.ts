import { createHmac, randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { systemClock } from "./clock";
import { type KeyValueStore, memoryStore } from "./key-value-store";
import { createSignupMemory } from "./signup-memory";
import { LEASE_KEY, storageLease, type TabLock } from "./tab-lock";
import {
  createWaitlistSignup,
  type Network,
  SendTimeoutError,
  type SignupDeps,
} from "./waitlist-signup";

const TIMEOUT_MS = 3000;
/** A request unanswered for twice the time limit is given up on. */
const EXPIRY_MS = 2 * TIMEOUT_MS;
const BUDGET_MS = 120_000;

/** A network that is online, or offline until `goOnline()`. */
function network(online = true): Network & { goOnline(): void } {
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
  };
}

const http = (status: number, text: string) => ({ status, text });

/** A send the test answers by hand: each call is one request, with the ticket it was given. */
function manualSend() {
  const calls: {
    email: string;
    ticket?: string;
    resolve: () => void;
    reject: (error: unknown) => void;
  }[] = [];
  const send = vi.fn(
    (email: string, ticket?: string) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ email, ticket, resolve, reject });
      }),
  );
  return { send, calls };
}

/**
 * Tickets (the bot check's tokens) the test hands out by hand: each call is one ask, with the
 * signal and the `onAsking` it was given. Like a visitor still looking at a challenge, an ask
 * ignores its signal: only the delivery rules may end the wait.
 */
function manualTickets() {
  const asks: {
    signal: AbortSignal;
    onAsking: (asking: boolean) => void;
    resolve: (ticket: string) => void;
    reject: (error: unknown) => void;
  }[] = [];
  const ticket = vi.fn(
    (signal: AbortSignal, onAsking: (asking: boolean) => void) =>
      new Promise<string>((resolve, reject) => {
        asks.push({ signal, onAsking, resolve, reject });
      }),
  );
  return { ticket, asks };
}

/** The bot check gave no token (it carries no status: nothing was sent). */
function noTicket(): Error {
  const error = new Error("reCAPTCHA gave no token: the visitor closed the challenge");
  error.name = "BotCheckUnavailableError";
  return error;
}

/** One tab's signup memory over `site`, with Node's HMAC-SHA-256 as the browser's keyed hash. */
function memoryOf(site: KeyValueStore, tab: KeyValueStore = memoryStore()) {
  return createSignupMemory({
    site,
    tab,
    clock: systemClock,
    hash: {
      newKey: () => randomBytes(32).toString("base64"),
      hash: async (key, text) => createHmac("sha256", key).update(text).digest("base64"),
    },
  });
}

/** A lock that lets every caller straight in, counting the names it was asked for. */
function openLock(): TabLock & { names: string[] } {
  const names: string[] = [];
  const lock = (async (name, _signal, task) => {
    names.push(name);
    return task();
  }) as TabLock & { names: string[] };
  lock.names = names;
  return lock;
}

function setup(overrides: Partial<SignupDeps> = {}) {
  const site = memoryStore();
  const tab = memoryStore();
  const memory = memoryOf(site, tab);
  const { send, calls } = manualSend();
  const lock = openLock();
  const signup = createWaitlistSignup({
    send,
    memory,
    lock,
    clock: systemClock,
    random: () => 0,
    network: network(),
    timeoutMs: TIMEOUT_MS,
    budgetMs: BUDGET_MS,
    ...overrides,
  });
  return { signup, memory, send, calls, lock, site, tab };
}

/** One tab of a browser: its own tab memory, the site storage and lease it shares with the others. */
function tabSharing(
  site: KeyValueStore,
  send: SignupDeps["send"],
  holder: string,
  {
    timeoutMs = TIMEOUT_MS,
    leaseMs = timeoutMs + 1000,
  }: { timeoutMs?: number; leaseMs?: number } = {},
) {
  return createWaitlistSignup({
    send,
    memory: memoryOf(site),
    lock: storageLease(site, systemClock, leaseMs, holder),
    clock: systemClock,
    random: () => 0,
    network: network(),
    timeoutMs,
    budgetMs: BUDGET_MS,
  });
}

/** Lets pending promise callbacks run, without moving the fake clock. */
async function settle() {
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a first signup", () => {
  it("sends once and remembers the address as sent, in any letter case", async () => {
    const { signup, calls, memory } = setup();
    const result = signup.submit("Ada@Example.com");
    await settle();
    expect(calls.map((call) => call.email)).toEqual(["Ada@Example.com"]);
    calls[0]?.resolve();
    await expect(result).resolves.toBe("sent");
    await expect(memory.wasSent("ada@example.COM")).resolves.toBe(true);
    expect(memory.signedUpInThisTab()).toBe(true);
    expect(memory.pending()).toEqual([]);
  });

  it("takes the tab lock named after the address", async () => {
    const { signup, calls, lock } = setup();
    const result = signup.submit("Ada@Example.com");
    await settle();
    calls[0]?.resolve();
    await result;
    expect(lock.names).toEqual(["bulwark:waitlist:send:ada@example.com"]);
  });

  it("keeps the address as in flight from the start, so another page knows it is under way", async () => {
    const { signup, memory } = setup();
    vi.setSystemTime(5000);
    void signup.submit("ada@example.com").catch(() => {});
    await settle();
    expect(memory.pending()).toEqual([
      { email: "ada@example.com", state: "sending", inFlightSince: 5000 },
    ]);
  });

  it("tells the visitor nothing while the answer comes within the time limit", async () => {
    const onWaiting = vi.fn();
    const { signup, calls } = setup();
    const result = signup.submit("ada@example.com", { onWaiting });
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    calls[0]?.resolve();
    await result;
    expect(onWaiting).not.toHaveBeenCalled();
  });
});

describe("a refused try, certainly not delivered", () => {
  it.each([
    ["429 Too Many Requests", http(429, "Too Many Requests"), "crowd"],
    ["503 Service Unavailable", http(503, "Service Unavailable"), "trouble"],
  ])(
    "after %s, is tried again between 1 and 2 s later, and the visitor is told at once why",
    async (_, refusal, reason) => {
      const onWaiting = vi.fn();
      const { signup, calls } = setup({ random: () => 0.999 });
      const result = signup.submit("ada@example.com", { onWaiting });
      await settle();
      calls[0]?.reject(refusal);
      await settle();
      expect(onWaiting).toHaveBeenCalledTimes(1);
      expect(onWaiting).toHaveBeenCalledWith(reason);
      await vi.advanceTimersByTimeAsync(1998);
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toHaveLength(2);
      calls[1]?.resolve();
      await expect(result).resolves.toBe("sent");
      expect(onWaiting).toHaveBeenCalledTimes(1);
    },
  );

  it("is tried again at growing, jittered intervals within the budget, then fails", async () => {
    const onWaiting = vi.fn();
    const { signup, calls, memory } = setup({ random: () => 0.5, budgetMs: 20_000 });
    let failed: unknown;
    void signup.submit("ada@example.com", { onWaiting }).catch((error: unknown) => {
      failed = error;
    });
    const triedAt: number[] = [];
    for (let ms = 0; ms < 30_000 && failed === undefined; ms += 100) {
      await vi.advanceTimersByTimeAsync(100);
      const call = calls.shift();
      if (!call) continue;
      triedAt.push(ms);
      call.reject(http(503, "Service Unavailable"));
    }
    // Waits of 1 s + half of 1, 2, 4, 8 s; the next (1 s + 8 s) would end past the 20 s budget.
    expect(triedAt).toEqual([0, 1500, 3500, 6500, 11_500]);
    expect(failed).toEqual(http(503, "Service Unavailable"));
    expect(onWaiting).toHaveBeenCalledTimes(1);
    expect(memory.pending()).toEqual([{ email: "ada@example.com", state: "failed" }]);
    expect(memory.failedEmail()).toBe("ada@example.com");
  });

  it("offline, waits for the browser to be online again, then tries", async () => {
    const net = network(false);
    const onWaiting = vi.fn();
    const { signup, calls } = setup({ network: net });
    const result = signup.submit("ada@example.com", { onWaiting });
    await settle();
    calls[0]?.reject(new TypeError("Failed to fetch"));
    await settle();
    expect(onWaiting.mock.calls).toEqual([["offline"]]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    net.goOnline();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(2);
    calls[1]?.resolve();
    await expect(result).resolves.toBe("sent");
  });

  it("offline past the budget, fails", async () => {
    const { signup, calls } = setup({ network: network(false), budgetMs: 30_000 });
    const result = signup.submit("ada@example.com").catch((error: unknown) => error);
    await settle();
    const offline = new TypeError("Failed to fetch");
    calls[0]?.reject(offline);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await result).toBe(offline);
    expect(calls).toHaveLength(1);
  });
});

describe("a try that may have been delivered", () => {
  it.each([
    ["a 500", http(500, "Internal Server Error")],
    ["a dropped connection while online", new TypeError("Failed to fetch")],
  ])("after %s, is tried again once, then fails", async (_, failure) => {
    const onWaiting = vi.fn();
    const { signup, calls } = setup();
    const result = signup.submit("ada@example.com", { onWaiting }).catch((error: unknown) => error);
    await settle();
    calls[0]?.reject(failure);
    await settle();
    // The service failed, or gave no answer while the browser is online.
    expect(onWaiting.mock.calls).toEqual([["trouble"]]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(2);
    calls[1]?.reject(failure);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await result).toBe(failure);
    expect(calls).toHaveLength(2);
  });

  it("is waited for past the time limit, and the visitor is told it takes a while", async () => {
    const onWaiting = vi.fn();
    const { signup, calls } = setup();
    const result = signup.submit("ada@example.com", { onWaiting });
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    expect(onWaiting).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onWaiting.mock.calls).toEqual([["slow"]]);
    await vi.advanceTimersByTimeAsync(EXPIRY_MS - TIMEOUT_MS - 1);
    calls[0]?.resolve();
    await expect(result).resolves.toBe("sent");
    expect(calls).toHaveLength(1);
  });

  it("unanswered past twice the time limit, is sent once more; a silent second one fails", async () => {
    const onWaiting = vi.fn();
    const { signup, calls, memory } = setup();
    const result = signup.submit("ada@example.com", { onWaiting }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(EXPIRY_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1 + 1000);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(EXPIRY_MS);
    const error = await result;
    expect(error).toBeInstanceOf(SendTimeoutError);
    expect((error as Error).message).toBe("EmailJS did not answer within 6000 ms");
    expect(memory.failedEmail()).toBe("ada@example.com");
    // Slow first, then no answer at all: each said once, however many tries.
    expect(onWaiting.mock.calls).toEqual([["slow"], ["trouble"]]);
  });

  it("a cause that comes back is not said again", async () => {
    const onWaiting = vi.fn();
    const { signup, calls } = setup();
    const result = signup.submit("ada@example.com", { onWaiting });
    for (const refusal of [429, 503, 429, 503]) {
      await settle();
      calls.shift()?.reject(http(refusal, "Refused"));
      await vi.advanceTimersByTimeAsync(1000);
    }
    await settle();
    calls.shift()?.resolve();
    await expect(result).resolves.toBe("sent");
    expect(onWaiting.mock.calls).toEqual([["crowd"], ["trouble"]]);
  });

  it("answered late, still counts: a later submit does not send again", async () => {
    const { signup, calls } = setup();
    const first = signup.submit("ada@example.com").catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(EXPIRY_MS + 1000 + EXPIRY_MS);
    expect(await first).toBeInstanceOf(SendTimeoutError);
    calls[0]?.resolve();
    await settle();
    await expect(signup.submit("ADA@example.com")).resolves.toBe("already-sent");
    expect(calls).toHaveLength(2);
  });

  it("answered during the wait before the retry: no second request", async () => {
    const { signup, calls } = setup({ random: () => 0.999 });
    const result = signup.submit("ada@example.com");
    await vi.advanceTimersByTimeAsync(EXPIRY_MS + 500);
    calls[0]?.resolve();
    await vi.advanceTimersByTimeAsync(2000);
    await expect(result).resolves.toBe("sent");
    expect(calls).toHaveLength(1);
  });
});

describe("a refusal that trying again cannot fix", () => {
  it.each([
    ["400 (bad settings)", http(400, "The template ID is invalid")],
    ["402 (a spent quota)", http(402, "Payment Required")],
    ["451 (the SDK: headless browser)", http(451, "Unavailable For Headless Browser")],
    ["a missing id (the SDK throws a string)", "The template ID is required."],
  ])("%s fails at once, keeping the address", async (_, refusal) => {
    const { signup, calls, memory } = setup();
    const result = signup.submit("ada@example.com").catch((error: unknown) => error);
    await settle();
    calls[0]?.reject(refusal);
    expect(await result).toBe(refusal);
    expect(calls).toHaveLength(1);
    expect(memory.failedEmail()).toBe("ada@example.com");
  });
});

describe("kept addresses", () => {
  it("are kept one by one: an answer for one address never drops another's", async () => {
    const { signup, calls, memory } = setup();
    const first = signup.submit("ada@example.com").catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(EXPIRY_MS + 1000 + EXPIRY_MS);
    await first;
    const second = signup.submit("bob@example.com").catch((error: unknown) => error);
    await settle();
    calls[2]?.reject(http(400, "Bad Request"));
    await second;
    calls[0]?.resolve();
    await settle();
    await expect(memory.wasSent("ada@example.com")).resolves.toBe(true);
    expect(memory.pending()).toEqual([{ email: "bob@example.com", state: "failed" }]);
  });
});

describe("what is not sent", () => {
  it("an address already sent from this browser, without even waiting for the tab lock", async () => {
    const { signup, memory, send, lock } = setup();
    await memory.rememberSent("ada@example.com");
    await expect(signup.submit("Ada@example.com")).resolves.toBe("already-sent");
    expect(send).not.toHaveBeenCalled();
    expect(lock.names).toEqual([]);
  });

  it("a filled honeypot: a bot is told all went well", async () => {
    const { signup, send, memory } = setup();
    await expect(signup.submit("ada@example.com", { honeypot: "https://spam" })).resolves.toBe(
      "ignored",
    );
    expect(send).not.toHaveBeenCalled();
    await expect(memory.wasSent("ada@example.com")).resolves.toBe(false);
  });

  it("an address another tab sent while this one waited for the lock", async () => {
    const site = memoryStore();
    const memory = memoryOf(site);
    const { send } = manualSend();
    const lock: TabLock = async (_name, _signal, task) => {
      // The other tab held the lock and sent the address meanwhile.
      await memory.rememberSent("ada@example.com");
      return task();
    };
    const { signup } = setup({ send, memory, lock });
    await expect(signup.submit("ada@example.com")).resolves.toBe("already-sent");
    expect(send).not.toHaveBeenCalled();
  });

  it("anything more once the visitor cancels", async () => {
    const { signup, calls, memory } = setup();
    const stop = new AbortController();
    const result = signup.submit("ada@example.com", { signal: stop.signal });
    await settle();
    calls[0]?.reject(http(429, "Too Many Requests"));
    await settle();
    signup.cancel("ada@example.com");
    stop.abort();
    await expect(result).resolves.toBe("cancelled");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect(memory.pending()).toEqual([]);
  });
});

describe("the next visit", () => {
  it("never takes a signup this page is sending, or waiting to try again, for one an earlier page left", async () => {
    const { signup, calls, site } = setup({ random: () => 0.999 });
    const sent = signup.submit("Ada@example.com");
    await settle();
    expect(signup.pending()).toEqual([]);
    calls[0]?.reject(http(429, "Too Many Requests"));
    await settle();
    expect(signup.pending()).toEqual([]);
    // Another page of the same site, meanwhile, sees it as pending (its own lock decides who sends).
    const other = setup({ memory: memoryOf(site) });
    expect(other.signup.pending()).toEqual(["Ada@example.com"]);
    await vi.advanceTimersByTimeAsync(2000);
    calls[1]?.resolve();
    await expect(sent).resolves.toBe("sent");
    expect(signup.pending()).toEqual([]);
  });

  it("sends the pending signup a closed page left waiting to be tried again", async () => {
    const { signup: before, calls, site } = setup();
    void before.submit("ada@example.com").catch(() => {});
    await settle();
    calls[0]?.reject(http(429, "Too Many Requests"));
    await settle();
    // The page closes here; a new one starts with the same site storage.
    const { signup: after, calls: later } = setup({
      memory: memoryOf(site),
    });
    expect(after.pending()).toEqual(["ada@example.com"]);
    const onTakeOver = vi.fn();
    const result = after.sendPending("ada@example.com", { onTakeOver });
    await settle();
    expect(onTakeOver).toHaveBeenCalledTimes(1);
    expect(later).toHaveLength(1);
    later[0]?.resolve();
    await expect(result).resolves.toBe("sent");
    expect(after.pending()).toEqual([]);
  });

  it("sends nothing for a page that closed with its request unanswered, until the visitor asks", async () => {
    const { signup: before, site } = setup();
    void before.submit("ada@example.com").catch(() => {});
    await settle();
    const { signup: after, calls: later } = setup({
      memory: memoryOf(site),
    });
    const onTakeOver = vi.fn();
    await expect(after.sendPending("ada@example.com", { onTakeOver })).resolves.toBe("unknown");
    expect(onTakeOver).not.toHaveBeenCalled();
    expect(later).toHaveLength(0);
    const resent = after.resend("ada@example.com");
    await settle();
    expect(later).toHaveLength(1);
    // That was the one retry of a send that may have arrived: a 500 now is final.
    later[0]?.reject(http(500, "Internal Server Error"));
    await expect(resent).rejects.toEqual(http(500, "Internal Server Error"));
  });

  it("treats a request cut off as its page is left as unanswered: it may have arrived", async () => {
    const { signup: before, calls, site } = setup();
    const leaving = new AbortController();
    const left = before.submit("ada@example.com", { signal: leaving.signal });
    await settle();
    // Firefox cuts the page's requests off as a navigation starts, before the page is hidden.
    calls[0]?.reject(new TypeError("NetworkError when attempting to fetch resource."));
    await settle();
    leaving.abort();
    await expect(left).resolves.toBe("cancelled");
    const { signup: after, calls: later } = setup({
      memory: memoryOf(site),
    });
    await expect(after.sendPending("ada@example.com")).resolves.toBe("unknown");
    expect(later).toHaveLength(0);
  });

  it("asks before sending an address submitted again whose request a closed page left unanswered", async () => {
    const { signup: before, site } = setup();
    void before.submit("ada@example.com").catch(() => {});
    await settle();
    const { signup: after, calls: later } = setup({
      memory: memoryOf(site),
    });
    await expect(after.submit("Ada@example.com")).resolves.toBe("unknown");
    expect(later).toHaveLength(0);
    // Still there for the visitor's answer: send it again, or leave it.
    expect(after.pending()).toEqual(["Ada@example.com"]);
    const resent = after.resend("ada@example.com");
    await settle();
    expect(later).toHaveLength(1);
    later[0]?.resolve();
    await expect(resent).resolves.toBe("sent");
    await expect(after.submit("ada@example.com")).resolves.toBe("already-sent");
  });

  it("sends a submitted address that a closed page left waiting between tries, not in flight", async () => {
    const { signup: before, calls, site } = setup();
    void before.submit("ada@example.com").catch(() => {});
    await settle();
    calls[0]?.reject(http(429, "Too Many Requests"));
    await settle();
    const { signup: after, calls: later } = setup({
      memory: memoryOf(site),
    });
    const result = after.submit("ada@example.com");
    await settle();
    expect(later).toHaveLength(1);
    later[0]?.resolve();
    await expect(result).resolves.toBe("sent");
  });

  it("leaves alone a signup another tab ended with a failure meanwhile", async () => {
    const { signup, memory, send } = setup();
    memory.keepSending("ada@example.com");
    memory.markFailed("ada@example.com");
    await expect(signup.sendPending("ada@example.com")).resolves.toBe("cancelled");
    expect(send).not.toHaveBeenCalled();
  });
});

describe("two tabs sharing one storage", () => {
  it("send one address once: the second tab waits for the first, then sees it sent", async () => {
    const site = memoryStore();
    const { send, calls } = manualSend();
    const tabs = ["tab-a", "tab-b"].map((holder) => tabSharing(site, send, holder));
    const results = tabs.map((tab) => tab.submit("ada@example.com"));
    await vi.advanceTimersByTimeAsync(200);
    expect(calls).toHaveLength(1);
    calls[0]?.resolve();
    await vi.advanceTimersByTimeAsync(200);
    expect(await Promise.all(results)).toEqual(expect.arrayContaining(["sent", "already-sent"]));
    expect(calls).toHaveLength(1);
  });

  it("send once even when the first answer takes longer than the time limit", async () => {
    const site = memoryStore();
    const { send, calls } = manualSend();
    const onWaiting = vi.fn();
    const first = tabSharing(site, send, "tab-a").submit("ada@example.com");
    await vi.advanceTimersByTimeAsync(100);
    const second = tabSharing(site, send, "tab-b").submit("ada@example.com", { onWaiting });
    await vi.advanceTimersByTimeAsync(EXPIRY_MS - 200);
    // Waiting for another tab, for a reason this one cannot know.
    expect(onWaiting.mock.calls).toEqual([["slow"]]);
    calls[0]?.resolve();
    await vi.advanceTimersByTimeAsync(200);
    expect([await first, await second]).toEqual(["sent", "already-sent"]);
    expect(calls).toHaveLength(1);
  });

  it("a submit that waited while the other tab's send was refused is still sent", async () => {
    const site = memoryStore();
    const { send, calls } = manualSend();
    const first = tabSharing(site, send, "tab-a")
      .submit("ada@example.com")
      .catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(100);
    const second = tabSharing(site, send, "tab-b").submit("ada@example.com");
    await vi.advanceTimersByTimeAsync(100);
    calls[0]?.reject(http(400, "Bad Request"));
    expect(await first).toEqual(http(400, "Bad Request"));
    await vi.advanceTimersByTimeAsync(200);
    expect(calls).toHaveLength(2);
    calls[1]?.resolve();
    await expect(second).resolves.toBe("sent");
  });

  it("keep the lease while a delivery runs past the lease's length, and free it at the end", async () => {
    const site = memoryStore();
    const { send, calls } = manualSend();
    const signup = tabSharing(site, send, "tab-a", { leaseMs: 1000 });
    const outcome = signup.submit("ada@example.com");
    await vi.advanceTimersByTimeAsync(EXPIRY_MS - 100);
    expect(site.getItem(LEASE_KEY)).toContain("tab-a");
    calls[0]?.resolve();
    await expect(outcome).resolves.toBe("sent");
    expect(site.getItem(LEASE_KEY)).toBeNull();
  });
});

describe("a ticket taken before each try (the bot check's token)", () => {
  function setupWithTickets(overrides: Partial<SignupDeps> = {}) {
    const { ticket, asks } = manualTickets();
    return { ...setup({ ticket, ...overrides }), ticket, asks };
  }

  it("is asked for before anything is sent or marked in flight, and goes with the send", async () => {
    const { signup, calls, memory, asks } = setupWithTickets();
    vi.setSystemTime(5000);
    const result = signup.submit("ada@example.com");
    await settle();
    expect(asks).toHaveLength(1);
    expect(calls).toHaveLength(0);
    expect(memory.pending()).toEqual([{ email: "ada@example.com", state: "sending" }]);
    vi.setSystemTime(8000);
    asks[0]?.resolve("ticket-1");
    await settle();
    expect(calls.map(({ email, ticket }) => [email, ticket])).toEqual([
      ["ada@example.com", "ticket-1"],
    ]);
    // Marked in flight when the request went out, not when the ticket was asked for.
    expect(memory.pending()).toEqual([
      { email: "ada@example.com", state: "sending", inFlightSince: 8000 },
    ]);
    calls[0]?.resolve();
    await expect(result).resolves.toBe("sent");
  });

  it("is waited for outside the time limits: a slow ticket is never called slow nor sent twice", async () => {
    const onWaiting = vi.fn();
    const { signup, calls, asks } = setupWithTickets();
    const result = signup.submit("ada@example.com", { onWaiting });
    // The visitor takes a while over Google's challenge.
    await vi.advanceTimersByTimeAsync(10 * EXPIRY_MS);
    expect(onWaiting).not.toHaveBeenCalled();
    expect(asks).toHaveLength(1);
    expect(calls).toHaveLength(0);
    asks[0]?.resolve("ticket-1");
    // The request's own time limit starts with it.
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    expect(onWaiting).not.toHaveBeenCalled();
    calls[0]?.resolve();
    await expect(result).resolves.toBe("sent");
    expect(calls).toHaveLength(1);
    expect(asks).toHaveLength(1);
  });

  it("takes none of the retry budget: after a challenge longer than the budget, a refused try is still tried again", async () => {
    const { signup, calls, asks } = setupWithTickets();
    const result = signup.submit("ada@example.com");
    await vi.advanceTimersByTimeAsync(BUDGET_MS * 2);
    asks[0]?.resolve("ticket-1");
    await settle();
    calls[0]?.reject(http(429, "Too Many Requests"));
    await vi.advanceTimersByTimeAsync(1000);
    asks[1]?.resolve("ticket-2");
    await settle();
    expect(calls).toHaveLength(2);
    calls[1]?.resolve();
    await expect(result).resolves.toBe("sent");
  });

  it("is fresh for each try: a retry asks for another one", async () => {
    const { signup, calls, asks } = setupWithTickets();
    const result = signup.submit("ada@example.com");
    await settle();
    asks[0]?.resolve("ticket-1");
    await settle();
    calls[0]?.reject(http(429, "Too Many Requests"));
    await settle();
    expect(asks).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(asks).toHaveLength(2);
    expect(calls).toHaveLength(1);
    asks[1]?.resolve("ticket-2");
    await settle();
    expect(calls.map((call) => call.ticket)).toEqual(["ticket-1", "ticket-2"]);
    calls[1]?.resolve();
    await expect(result).resolves.toBe("sent");
  });

  it("none to be had while online: gives up at once, nothing sent or marked, the address kept", async () => {
    const onWaiting = vi.fn();
    const { signup, calls, memory, asks } = setupWithTickets();
    const result = signup.submit("ada@example.com", { onWaiting }).catch((error: unknown) => error);
    await settle();
    const closed = noTicket();
    asks[0]?.reject(closed);
    expect(await result).toBe(closed);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(0);
    expect(asks).toHaveLength(1);
    expect(onWaiting).not.toHaveBeenCalled();
    expect(memory.pending()).toEqual([{ email: "ada@example.com", state: "failed" }]);
    expect(memory.failedEmail()).toBe("ada@example.com");
  });

  it("none to be had on a retry: gives up, the earlier request answered, not left in flight", async () => {
    const { signup, calls, memory, asks } = setupWithTickets();
    const result = signup.submit("ada@example.com").catch((error: unknown) => error);
    await settle();
    asks[0]?.resolve("ticket-1");
    await settle();
    calls[0]?.reject(http(503, "Service Unavailable"));
    await vi.advanceTimersByTimeAsync(1000);
    const closed = noTicket();
    asks[1]?.reject(closed);
    expect(await result).toBe(closed);
    expect(calls).toHaveLength(1);
    expect(memory.pending()).toEqual([{ email: "ada@example.com", state: "failed" }]);
  });

  it("none to be had while offline: waits for the browser to be online, then asks again", async () => {
    const net = network(false);
    const onWaiting = vi.fn();
    const { signup, calls, memory, asks } = setupWithTickets({ network: net });
    const result = signup.submit("ada@example.com", { onWaiting });
    await settle();
    asks[0]?.reject(new TypeError("reCAPTCHA could not run while offline"));
    await settle();
    expect(onWaiting.mock.calls).toEqual([["offline"]]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asks).toHaveLength(1);
    expect(memory.pending()).toEqual([{ email: "ada@example.com", state: "sending" }]);
    net.goOnline();
    await vi.advanceTimersByTimeAsync(1000);
    expect(asks).toHaveLength(2);
    expect(calls).toHaveLength(0);
    asks[1]?.resolve("ticket-2");
    await settle();
    expect(calls.map((call) => call.ticket)).toEqual(["ticket-2"]);
    calls[0]?.resolve();
    await expect(result).resolves.toBe("sent");
  });

  it("cancelled while waiting for it: ends at once, nothing sent, nothing marked in flight", async () => {
    const { signup, calls, memory, asks } = setupWithTickets();
    const stop = new AbortController();
    const result = signup.submit("ada@example.com", { signal: stop.signal });
    await settle();
    stop.abort();
    // The ask never settles by itself: the delivery still ends.
    await expect(result).resolves.toBe("cancelled");
    expect(asks[0]?.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    asks[0]?.resolve("ticket-late");
    await settle();
    expect(calls).toHaveLength(0);
    expect(asks).toHaveLength(1);
    expect(memory.pending()).toEqual([{ email: "ada@example.com", state: "sending" }]);
  });

  it("tells the visitor when the check asks them something, and when it no longer does", async () => {
    const onAsking = vi.fn();
    const { signup, calls, asks } = setupWithTickets();
    const result = signup.submit("ada@example.com", { onAsking });
    await settle();
    asks[0]?.onAsking(true);
    expect(onAsking.mock.calls).toEqual([[true]]);
    asks[0]?.onAsking(false);
    expect(onAsking.mock.calls).toEqual([[true], [false]]);
    asks[0]?.resolve("ticket-1");
    await settle();
    calls[0]?.resolve();
    await expect(result).resolves.toBe("sent");
  });

  it("asks with the delivery's signal, and copes with no onAsking given", async () => {
    const { signup, calls, asks } = setupWithTickets();
    const stop = new AbortController();
    const submitted = signup.submit("ada@example.com", { signal: stop.signal });
    await settle();
    expect(() => asks[0]?.onAsking(true)).not.toThrow();
    expect(asks[0]?.signal.aborted).toBe(false);
    stop.abort();
    expect(asks[0]?.signal.aborted).toBe(true);
    await expect(submitted).resolves.toBe("cancelled");
    expect(calls).toHaveLength(0);
  });
});
