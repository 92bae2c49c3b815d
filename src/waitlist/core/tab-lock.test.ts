import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { systemClock } from "./clock";
import { memoryStore } from "./key-value-store";
import { LEASE_KEY, storageLease, type TabLock, webLocks } from "./tab-lock";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("webLocks", () => {
  const unusedFallback = vi.fn(async () => {
    throw new Error("the fallback should not run");
  });

  it("asks the browser's lock manager for the named lock, with the signal", async () => {
    const request = vi.fn(async (_name: string, _options: LockOptions, task: () => unknown) =>
      task(),
    );
    const lock = webLocks({ request } as unknown as LockManager, unusedFallback);
    const signal = new AbortController().signal;
    await expect(lock("name", signal, async () => "done")).resolves.toBe("done");
    expect(request).toHaveBeenCalledWith("name", { signal }, expect.any(Function));
    expect(unusedFallback).not.toHaveBeenCalled();
  });

  it("falls back where the lock manager refuses, as with site storage blocked", async () => {
    const request = vi.fn(async () => {
      throw new DOMException("Access to the Locks API is denied.", "SecurityError");
    });
    const fallback = vi.fn(async (_name: string, _signal: AbortSignal, task: () => unknown) =>
      task(),
    );
    const lock = webLocks({ request } as unknown as LockManager, fallback as unknown as TabLock);
    await expect(lock("name", new AbortController().signal, async () => "done")).resolves.toBe(
      "done",
    );
    expect(fallback).toHaveBeenCalledTimes(1);
  });

  it("passes on a failure of the task itself, without running it again", async () => {
    const request = vi.fn(async (_name: string, _options: LockOptions, task: () => unknown) =>
      task(),
    );
    const task = vi.fn(async () => {
      throw new Error("send failed");
    });
    const lock = webLocks({ request } as unknown as LockManager, unusedFallback);
    await expect(lock("name", new AbortController().signal, task)).rejects.toThrow("send failed");
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("passes on an abort while waiting for the lock", async () => {
    const controller = new AbortController();
    controller.abort(new Error("time limit"));
    const request = vi.fn(async () => {
      throw controller.signal.reason;
    });
    const lock = webLocks({ request } as unknown as LockManager, unusedFallback);
    await expect(lock("name", controller.signal, async () => "done")).rejects.toThrow("time limit");
  });
});

describe("storageLease", () => {
  it("holds a lease while the task runs and removes it after", async () => {
    const store = memoryStore();
    const lock = storageLease(store, systemClock, 5000, "me");
    let seen: string | null = null;
    const done = lock("lock", new AbortController().signal, async () => {
      seen = store.getItem(LEASE_KEY);
      return "done";
    });
    await vi.advanceTimersByTimeAsync(50);
    await expect(done).resolves.toBe("done");
    expect(JSON.parse(seen ?? "null")).toEqual({ holder: "me", until: Date.now() - 50 + 5000 });
    expect(store.getItem(LEASE_KEY)).toBeNull();
  });

  it("keeps one lease, named after no lock: a lock's name holds an address", async () => {
    const store = memoryStore();
    const lock = storageLease(store, systemClock, 5000, "me");
    const seen: (string | null)[] = [];
    const first = lock(
      "bulwark:waitlist:send:ada@example.com",
      new AbortController().signal,
      async () => {
        seen.push(store.getItem("bulwark:waitlist:lease"));
        // Another address waits for it: one send at a time, of any address.
        await vi.advanceTimersByTimeAsync(1000);
        return "ada";
      },
    );
    const second = storageLease(
      store,
      systemClock,
      5000,
      "other",
    )("bulwark:waitlist:send:bob@example.com", new AbortController().signal, async () => "bob");
    await vi.advanceTimersByTimeAsync(50);
    expect(seen[0]).toContain('"holder":"me"');
    await expect(first).resolves.toBe("ada");
    await vi.advanceTimersByTimeAsync(200);
    await expect(second).resolves.toBe("bob");
    expect(store.getItem("bulwark:waitlist:lease")).toBeNull();
  });

  it("removes its lease also when the task fails", async () => {
    const store = memoryStore();
    const lock = storageLease(store, systemClock, 5000, "me");
    const done = lock("lock", new AbortController().signal, async () => {
      throw new Error("send failed");
    });
    const outcome = done.catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(50);
    expect(await outcome).toBe("send failed");
    expect(store.getItem(LEASE_KEY)).toBeNull();
  });

  it("waits while another holder's lease is live, and takes over once it has ended", async () => {
    const store = memoryStore();
    store.setItem(LEASE_KEY, JSON.stringify({ holder: "other", until: Date.now() + 1000 }));
    const task = vi.fn(async () => "done");
    const done = storageLease(
      store,
      systemClock,
      5000,
      "me",
    )("lock", new AbortController().signal, task);
    await vi.advanceTimersByTimeAsync(999);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    await expect(done).resolves.toBe("done");
  });

  it("leaves a lease that another tab wrote over its own, and waits", async () => {
    const store = memoryStore();
    const task = vi.fn(async () => "done");
    const signal = new AbortController().signal;
    void storageLease(store, systemClock, 5000, "me")("lock", signal, task);
    await vi.advanceTimersByTimeAsync(10);
    store.setItem(LEASE_KEY, JSON.stringify({ holder: "other", until: Date.now() + 5000 }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).not.toHaveBeenCalled();
    expect(JSON.parse(store.getItem(LEASE_KEY) ?? "null").holder).toBe("other");
  });

  it("takes over a lease that ends at this very moment", async () => {
    const store = memoryStore();
    store.setItem(LEASE_KEY, JSON.stringify({ holder: "other", until: Date.now() }));
    const task = vi.fn(async () => "done");
    const done = storageLease(
      store,
      systemClock,
      5000,
      "me",
    )("lock", new AbortController().signal, task);
    await vi.advanceTimersByTimeAsync(50);
    await expect(done).resolves.toBe("done");
  });

  it("leaves alone a lease another tab took over while its task ran", async () => {
    const store = memoryStore();
    const done = storageLease(
      store,
      systemClock,
      5000,
      "me",
    )("lock", new AbortController().signal, async () => {
      store.setItem(LEASE_KEY, JSON.stringify({ holder: "other", until: Date.now() + 5000 }));
      return "done";
    });
    await vi.advanceTimersByTimeAsync(50);
    await expect(done).resolves.toBe("done");
    expect(JSON.parse(store.getItem(LEASE_KEY) ?? "null")?.holder).toBe("other");
  });

  it("treats an unreadable lease as none", async () => {
    const store = memoryStore();
    store.setItem(LEASE_KEY, "{not json");
    const done = storageLease(
      store,
      systemClock,
      5000,
      "me",
    )("lock", new AbortController().signal, async () => "done");
    await vi.advanceTimersByTimeAsync(50);
    await expect(done).resolves.toBe("done");
  });

  it.each([
    ["no holder", { until: 4_000_000_000_000 }],
    ["a holder that is not text", { holder: 7, until: 4_000_000_000_000 }],
    ["no end", { holder: "other" }],
    ["an end that is not a time", { holder: "other", until: "later" }],
    ["null", null],
  ])("treats a lease with %s as none", async (_what, lease) => {
    const store = memoryStore();
    store.setItem(LEASE_KEY, JSON.stringify(lease));
    const done = storageLease(
      store,
      systemClock,
      5000,
      "me",
    )("lock", new AbortController().signal, async () => "done");
    await vi.advanceTimersByTimeAsync(50);
    await expect(done).resolves.toBe("done");
  });

  it("stops waiting when the signal aborts, without running the task", async () => {
    const store = memoryStore();
    store.setItem(LEASE_KEY, JSON.stringify({ holder: "other", until: Date.now() + 10_000 }));
    const controller = new AbortController();
    const task = vi.fn(async () => "done");
    const done = storageLease(store, systemClock, 5000, "me")("lock", controller.signal, task);
    const outcome = done.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(300);
    controller.abort(new Error("time limit"));
    expect(await outcome).toEqual(new Error("time limit"));
    expect(task).not.toHaveBeenCalled();
  });

  it("does not start when the signal has already aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error("too late"));
    const task = vi.fn(async () => "done");
    await expect(
      storageLease(memoryStore(), systemClock, 5000, "me")("lock", controller.signal, task),
    ).rejects.toThrow("too late");
    expect(task).not.toHaveBeenCalled();
  });
});
