import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type KeyValueStore, memoryStore } from "../browser-storage";
import { systemClock } from "./clock";
import { createSignupMemory } from "./signup-memory";
import { storageLease, type TabLock } from "./tab-lock";
import { createWaitlistSignup, SendTimeoutError, type SignupDeps } from "./waitlist-signup";

const TIMEOUT_MS = 3000;

/** A send the test answers by hand: each call is one request. */
function manualSend() {
  const calls: { email: string; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const send = vi.fn(
    (email: string) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ email, resolve, reject });
      }),
  );
  return { send, calls };
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
  const memory = createSignupMemory({ site, tab });
  const { send, calls } = manualSend();
  const lock = openLock();
  const signup = createWaitlistSignup({
    send,
    memory,
    lock,
    clock: systemClock,
    timeoutMs: TIMEOUT_MS,
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
    memory: createSignupMemory({ site, tab: memoryStore() }),
    lock: storageLease(site, systemClock, leaseMs, holder),
    clock: systemClock,
    timeoutMs,
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
    expect(memory.wasSent("ada@example.COM")).toBe(true);
    expect(memory.signedUpInThisTab()).toBe(true);
  });

  it("takes the tab lock named after the address", async () => {
    const { signup, calls, lock } = setup();
    const result = signup.submit("Ada@Example.com");
    await settle();
    calls[0]?.resolve();
    await result;
    expect(lock.names).toEqual(["bulwark:waitlist:send:ada@example.com"]);
  });

  it("clears an address kept from an earlier failure once it is sent", async () => {
    const { signup, calls, memory } = setup();
    memory.keepPending("ada@example.com");
    const result = signup.submit("ada@example.com");
    await settle();
    calls[0]?.resolve();
    await result;
    expect(memory.pendingEmail()).toBe("");
  });
});

describe("a send under way", () => {
  it("keeps the address from the start, so a reload before the answer offers it again", async () => {
    const { signup, memory } = setup();
    void signup.submit("ada@example.com").catch(() => {});
    await settle();
    expect(memory.pendingEmail()).toBe("ada@example.com");
  });
});

describe("a failed send", () => {
  it("throws the send's error and keeps the address for a retry", async () => {
    const { signup, calls, memory } = setup();
    const result = signup.submit("ada@example.com");
    await settle();
    const refusal = { status: 500, text: "Internal Server Error" };
    calls[0]?.reject(refusal);
    await expect(result).rejects.toBe(refusal);
    expect(memory.pendingEmail()).toBe("ada@example.com");
    expect(memory.wasSent("ada@example.com")).toBe(false);
    expect(memory.signedUpInThisTab()).toBe(false);
  });

  it("counts as failed at the time limit, not a moment before", async () => {
    const { signup, memory } = setup();
    let settled = false;
    const outcome = signup.submit("ada@example.com").then(
      () => "resolved",
      (error: unknown) => error,
    );
    void outcome.finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(SendTimeoutError);
    expect((error as Error).message).toBe("EmailJS did not answer within 3000 ms");
    expect(memory.pendingEmail()).toBe("ada@example.com");
  });

  it("remembers a send that answers after the time limit, so a retry does not send again", async () => {
    const { signup, calls } = setup();
    const first = signup.submit("ada@example.com").catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    expect(await first).toBeInstanceOf(SendTimeoutError);
    calls[0]?.resolve();
    await settle();
    await expect(signup.submit("ADA@example.com")).resolves.toBe("already-sent");
    expect(calls).toHaveLength(1);
  });
});

describe("a retry while an earlier send is unanswered", () => {
  it("waits for that send instead of sending again", async () => {
    const { signup, calls } = setup();
    const first = signup.submit("ada@example.com").catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    await first;
    const retry = signup.submit("ada@example.com");
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    calls[0]?.resolve();
    await expect(retry).resolves.toBe("sent");
    expect(calls).toHaveLength(1);
  });

  it("sends afresh after one more time limit of silence", async () => {
    const { signup, calls } = setup();
    const first = signup.submit("ada@example.com").catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    await first;
    const retry = signup.submit("ada@example.com");
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    calls[1]?.resolve();
    await expect(retry).resolves.toBe("sent");
  });

  it("keeps waiting for the newest send when an older one fails late", async () => {
    const { signup, calls } = setup();
    const first = signup.submit("ada@example.com").catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    await first;
    // A retry waits one more limit for the first send, then sends afresh; that one times out too.
    const second = signup.submit("ada@example.com").catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(2 * TIMEOUT_MS);
    expect(await second).toBeInstanceOf(SendTimeoutError);
    expect(calls).toHaveLength(2);
    // The first send fails now: the second is still the one a retry waits for.
    calls[0]?.reject(new TypeError("Failed to fetch"));
    await settle();
    const third = signup.submit("ada@example.com");
    await settle();
    expect(calls).toHaveLength(2);
    calls[1]?.resolve();
    await expect(third).resolves.toBe("sent");
  });

  it("sends afresh at once when that send failed", async () => {
    const { signup, calls } = setup();
    const first = signup.submit("ada@example.com").catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    await first;
    const retry = signup.submit("ada@example.com");
    calls[0]?.reject(new TypeError("Failed to fetch"));
    await settle();
    expect(calls).toHaveLength(2);
    calls[1]?.resolve();
    await expect(retry).resolves.toBe("sent");
  });
});

describe("what is not sent", () => {
  it("an address already sent from this browser, without even waiting for the tab lock", async () => {
    const { signup, memory, send, lock } = setup();
    memory.rememberSent("ada@example.com");
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
    expect(memory.wasSent("ada@example.com")).toBe(false);
  });

  it("an address another tab sent while this one waited for the lock", async () => {
    const site = memoryStore();
    const memory = createSignupMemory({ site, tab: memoryStore() });
    const { send } = manualSend();
    const lock: TabLock = async (_name, _signal, task) => {
      // The other tab held the lock and sent the address meanwhile.
      memory.rememberSent("ada@example.com");
      return task();
    };
    const signup = createWaitlistSignup({
      send,
      memory,
      lock,
      clock: systemClock,
      timeoutMs: TIMEOUT_MS,
    });
    await expect(signup.submit("ada@example.com")).resolves.toBe("already-sent");
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

  it("free the lock at the time limit, even while the send stays silent", async () => {
    const site = memoryStore();
    const { send } = manualSend();
    const signup = tabSharing(site, send, "tab-a", { leaseMs: 10 * TIMEOUT_MS });
    const outcome = signup.submit("ada@example.com").catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(100);
    expect(site.getItem("bulwark:waitlist:send:ada@example.com:lease")).not.toBeNull();
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    expect(await outcome).toBeInstanceOf(SendTimeoutError);
    expect(site.getItem("bulwark:waitlist:send:ada@example.com:lease")).toBeNull();
  });

  it("stop waiting for the lock at the time limit; the lock is free once the holder ends", async () => {
    const site = memoryStore();
    const { send, calls } = manualSend();
    const patient = tabSharing(site, send, "tab-a", { timeoutMs: 3 * TIMEOUT_MS }).submit(
      "ada@example.com",
    );
    await vi.advanceTimersByTimeAsync(100);
    const waiting = tabSharing(site, send, "tab-b")
      .submit("ada@example.com")
      .catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    expect(await waiting).toBeInstanceOf(SendTimeoutError);
    expect(calls).toHaveLength(1);
    expect(site.getItem("bulwark:waitlist:send:ada@example.com:lease")).not.toBeNull();
    calls[0]?.resolve();
    await expect(patient).resolves.toBe("sent");
    expect(site.getItem("bulwark:waitlist:send:ada@example.com:lease")).toBeNull();
  });
});
