import { afterEach, describe, expect, it, vi } from "vitest";
import { systemClock } from "@/waitlist/core/clock";
import { memoryStore } from "@/waitlist/core/key-value-store";
import { createSignupMemory } from "@/waitlist/core/signup-memory";
import { LEASE_KEY } from "@/waitlist/core/tab-lock";
import { channelStore } from "./browser-storage";
import { keyedHash } from "./keyed-hash";

const client = vi.hoisted(() => ({ sendWaitlistEmail: vi.fn(async () => {}) }));
vi.mock("./email-client", () => ({
  createEmailClient: () => ({ send: client.sendWaitlistEmail }),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.resetModules();
});

async function load(navigator: object) {
  const localStorage = memoryStore();
  vi.stubGlobal("localStorage", localStorage);
  vi.stubGlobal("sessionStorage", memoryStore());
  vi.stubGlobal(
    "navigator",
    Object.assign(navigator, { onLine: "onLine" in navigator ? navigator.onLine : true }),
  );
  // Each test's pages share memory with one another only, not with an earlier test's.
  const prefix = `test-${Math.random()}:`;
  vi.stubGlobal(
    "BroadcastChannel",
    class extends BroadcastChannel {
      constructor(name: string) {
        super(prefix + name);
      }
    },
  );
  const window = new EventTarget();
  vi.stubGlobal("window", window);
  // The page's waitlist, made as the page's start makes it (src/entry-client.tsx).
  const waitlist = (await import("./browser-signup")).createBrowserWaitlist();
  return {
    localStorage,
    window,
    browserSignup: waitlist.signup,
    browserSignupMemory: waitlist.memory,
    onceSent: waitlist.onceSent,
  };
}

describe("the browser's signup", () => {
  it("sends through EmailJS under the browser's Web Lock, and remembers it only as a keyed hash", async () => {
    const request = vi.fn(async (_name: string, _options: object, task: () => unknown) => task());
    const { browserSignup, browserSignupMemory, localStorage } = await load({ locks: { request } });
    await expect(browserSignup().submit("ada@example.com")).resolves.toBe("sent");
    expect(client.sendWaitlistEmail).toHaveBeenCalledWith("ada@example.com", undefined);
    expect(request).toHaveBeenCalledWith(
      "bulwark:waitlist:send:ada@example.com",
      expect.anything(),
      expect.any(Function),
    );
    await expect(browserSignupMemory().wasSent("ada@example.com")).resolves.toBe(true);
    expect(browserSignupMemory().signedUpInThisTab()).toBe(true);
    expect(localStorage.getItem("bulwark:waitlist:pending")).toBeNull();
    const stored = localStorage.getItem("bulwark:waitlist:delivered") ?? "";
    expect(stored).not.toContain("ada");
    expect(Object.keys(JSON.parse(stored).sent)).toHaveLength(1);
  });

  it("hears of an address another page sends, also after this page looked", async () => {
    const { onceSent } = await load({});
    const onSent = vi.fn();
    onceSent("Ada@Example.com", onSent);
    expect(onSent).not.toHaveBeenCalled();
    // Another page, whose word comes over the memory the site's pages share.
    const channel = new BroadcastChannel("bulwark:site-storage");
    const otherPage = createSignupMemory({
      site: channelStore(channel),
      tab: memoryStore(),
      clock: systemClock,
      hash: keyedHash(crypto),
    });
    await otherPage.rememberSent("bob@example.com");
    await otherPage.rememberSent("ada@example.com");
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    await otherPage.rememberSent("cy@example.com");
    const laterOnSent = vi.fn();
    onceSent("ada@example.com", laterOnSent);
    await vi.waitFor(() => expect(laterOnSent).toHaveBeenCalledTimes(1));
    expect(onSent).toHaveBeenCalledTimes(1);
    channel.close();
  });

  it("hears nothing once stopped, also from a look that was under way", async () => {
    const { onceSent } = await load({});
    const channel = new BroadcastChannel("bulwark:site-storage");
    const otherPage = createSignupMemory({
      site: channelStore(channel),
      tab: memoryStore(),
      clock: systemClock,
      hash: keyedHash(crypto),
    });
    await otherPage.rememberSent("ada@example.com");
    const control = vi.fn();
    onceSent("ada@example.com", control);
    await vi.waitFor(() => expect(control).toHaveBeenCalledTimes(1));
    const onSent = vi.fn();
    const stop = onceSent("ada@example.com", onSent);
    stop();
    const later = vi.fn();
    onceSent("ada@example.com", later);
    await vi.waitFor(() => expect(later).toHaveBeenCalledTimes(1));
    expect(onSent).not.toHaveBeenCalled();
    channel.close();
  });

  it("takes a lease in site storage where the browser has no Web Locks", async () => {
    const { browserSignup, localStorage } = await load({});
    const leases: (string | null)[] = [];
    client.sendWaitlistEmail.mockImplementationOnce(async () => {
      leases.push(localStorage.getItem(LEASE_KEY));
    });
    await expect(browserSignup().submit("ada@example.com")).resolves.toBe("sent");
    expect(leases).toHaveLength(1);
    expect(leases[0]).toContain('"holder"');
  });

  it("stops a delivery as the page is left, leaving it in flight for the next visit", async () => {
    const { browserSignup, browserSignupMemory, window } = await load({});
    client.sendWaitlistEmail.mockImplementationOnce(() => new Promise(() => {}));
    const delivery = browserSignup().submit("ada@example.com");
    await vi.waitFor(() => expect(client.sendWaitlistEmail).toHaveBeenCalledTimes(1));
    window.dispatchEvent(new Event("pagehide"));
    await expect(delivery).resolves.toBe("cancelled");
    expect(browserSignupMemory().entry("ada@example.com")).toEqual({
      email: "ada@example.com",
      state: "sending",
      inFlightSince: expect.any(Number),
    });
    // Back from the back-forward cache, the page sends again.
    window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true }));
    await expect(browserSignup().submit("bob@example.com")).resolves.toBe("sent");
  });

  it("offline, waits for the browser's online event before trying again", async () => {
    vi.useFakeTimers();
    try {
      const navigator = { onLine: false };
      const { browserSignup, window } = await load(navigator);
      client.sendWaitlistEmail.mockRejectedValueOnce(new TypeError("Failed to fetch"));
      const delivery = browserSignup().submit("ada@example.com");
      await vi.advanceTimersByTimeAsync(60_000);
      expect(client.sendWaitlistEmail).toHaveBeenCalledTimes(1);
      navigator.onLine = true;
      window.dispatchEvent(new Event("online"));
      await vi.advanceTimersByTimeAsync(2000);
      await expect(delivery).resolves.toBe("sent");
      expect(client.sendWaitlistEmail).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("is one signup and one memory for the whole tab", async () => {
    const { browserSignup, browserSignupMemory } = await load({});
    expect(browserSignup()).toBe(browserSignup());
    expect(browserSignupMemory()).toBe(browserSignupMemory());
  });
});
