import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { systemClock } from "./clock";
import { memoryStore } from "./key-value-store";
import {
  LEASE_KEY,
  sendingMark,
  storageLease,
  type TabLock,
  unlessSending,
  webLocks,
} from "./tab-lock";

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
    expect(JSON.parse(seen ?? "null")).toEqual({ holder: "me", beat: 0 });
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

  it("waits while another holder renews its lease, and takes over once it has stopped for the lease's length", async () => {
    const store = memoryStore();
    const task = vi.fn(async () => "done");
    const renew = (beat: number) =>
      store.setItem(LEASE_KEY, JSON.stringify({ holder: "other", beat }));
    renew(0);
    const done = storageLease(
      store,
      systemClock,
      5000,
      "me",
    )("lock", new AbortController().signal, task);
    // Renewed every 1.6 s for 8 s: live all along, though longer than a lease.
    for (let beat = 1; beat <= 5; beat++) {
      await vi.advanceTimersByTimeAsync(1600);
      renew(beat);
    }
    expect(task).not.toHaveBeenCalled();
    // Its tab closed: 5 s of this tab's watch later (at its next look), the lease is taken over.
    await vi.advanceTimersByTimeAsync(4900);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(300);
    await expect(done).resolves.toBe("done");
  });

  it.each([
    ["a year ahead", 365 * 86_400_000],
    ["a year behind", -365 * 86_400_000],
  ])(
    "judges a lease by its own watch, not by the time written by a holder whose clock is %s",
    async (_how, skew) => {
      const store = memoryStore();
      // An earlier deploy's lease carried its holder's time: it counts as a lease, its time as nothing.
      store.setItem(LEASE_KEY, JSON.stringify({ holder: "other", until: Date.now() + skew }));
      const task = vi.fn(async () => "done");
      const done = storageLease(
        store,
        systemClock,
        5000,
        "me",
      )("lock", new AbortController().signal, task);
      await vi.advanceTimersByTimeAsync(4900);
      expect(task).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(200);
      await expect(done).resolves.toBe("done");
    },
  );

  it("leaves a lease that another tab wrote over its own, and waits", async () => {
    const store = memoryStore();
    const task = vi.fn(async () => "done");
    const signal = new AbortController().signal;
    void storageLease(store, systemClock, 5000, "me")("lock", signal, task);
    await vi.advanceTimersByTimeAsync(10);
    store.setItem(LEASE_KEY, JSON.stringify({ holder: "other", beat: 0 }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).not.toHaveBeenCalled();
    expect(JSON.parse(store.getItem(LEASE_KEY) ?? "null").holder).toBe("other");
  });

  it("leaves alone a lease another tab took over while its task ran", async () => {
    const store = memoryStore();
    const done = storageLease(
      store,
      systemClock,
      5000,
      "me",
    )("lock", new AbortController().signal, async () => {
      store.setItem(LEASE_KEY, JSON.stringify({ holder: "other", beat: 0 }));
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
    ["no holder", { beat: 3 }],
    ["a holder that is not text", { holder: 7, beat: 3 }],
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
    store.setItem(LEASE_KEY, JSON.stringify({ holder: "other", beat: 0 }));
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

/** Web Locks as far as the deliveries' shared lock needs them: shared holds, and a try to hold it alone. */
function sharedLockManager() {
  let holders = 0;
  const request = vi.fn(
    async (
      _name: string,
      options: LockOptions,
      callback: (lock: Lock | null) => Promise<unknown>,
    ): Promise<unknown> => {
      if (options.mode === "shared") {
        holders++;
        try {
          return await callback({ name: "sending", mode: "shared" });
        } finally {
          holders--;
        }
      }
      return callback(holders > 0 ? null : { name: "sending", mode: "exclusive" });
    },
  );
  return { request } as unknown as LockManager;
}

describe("a delivery under way, as a starting page sees it", () => {
  it("lets a page tidy only while no delivery holds the shared lock", async () => {
    const locks = sharedLockManager();
    const tidy = vi.fn();
    let finish = () => {};
    const delivery = sendingMark(locks)(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    await unlessSending(locks, memoryStore(), tidy);
    expect(tidy).not.toHaveBeenCalled();
    finish();
    await delivery;
    await unlessSending(locks, memoryStore(), tidy);
    expect(tidy).toHaveBeenCalledOnce();
  });

  it("lets no page tidy while the fallback's lease is held", async () => {
    const store = memoryStore();
    store.setItem(LEASE_KEY, JSON.stringify({ holder: "other", beat: 2 }));
    const tidy = vi.fn();
    await unlessSending(undefined, store, tidy);
    await unlessSending(sharedLockManager(), store, tidy);
    expect(tidy).not.toHaveBeenCalled();
  });

  it("tidies where there are no Web Locks, or they refuse (storage blocked: no tab shares it)", async () => {
    const tidy = vi.fn();
    await unlessSending(undefined, memoryStore(), tidy);
    const refusing = {
      request: async () => {
        throw new DOMException("blocked", "SecurityError");
      },
    } as unknown as LockManager;
    await unlessSending(refusing, memoryStore(), tidy);
    expect(tidy).toHaveBeenCalledTimes(2);
  });

  it("runs a delivery where there are no Web Locks, and passes on its failure once", async () => {
    await expect(sendingMark(undefined)(async () => "sent")).resolves.toBe("sent");
    const task = vi.fn(async () => {
      throw new Error("refused");
    });
    await expect(sendingMark(sharedLockManager())(task)).rejects.toThrow("refused");
    expect(task).toHaveBeenCalledOnce();
  });
});
