import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryStore } from "@/waitlist/core/key-value-store";
import { SendTimeoutError } from "@/waitlist/core/waitlist-signup";

const sdk = vi.hoisted(() => ({
  init: vi.fn(),
  send: vi.fn(async () => ({ status: 200, text: "OK" })),
}));
vi.mock("@emailjs/browser", () => sdk);
// The origin the build parsed from VITE_EMAILJS_ORIGIN (vite.config.ts): here the emulator's.
vi.mock("@/lib/email-build", () => ({ EMAILJS_ORIGIN: "http://127.0.0.1:4180" }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.clearAllMocks();
  vi.resetModules();
});

async function load(env: Record<string, string> = {}) {
  vi.stubEnv("MODE", "emulator");
  vi.stubEnv("VITE_EMAILJS_PUBLIC_KEY", "key");
  vi.stubEnv("VITE_EMAILJS_SERVICE_ID", "service_a");
  vi.stubEnv("VITE_EMAILJS_TEMPLATE_ID", "template_b");
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.stubGlobal("localStorage", memoryStore());
  const client = await import("./email-client");
  // The page's client, as the page's waitlist makes it (browser-signup.ts).
  return { ...client, sendWaitlistEmail: client.createEmailClient().send };
}

describe("buildTemplateParams", () => {
  it("sends the address with the fixed waitlist fields", async () => {
    const { buildTemplateParams } = await load();
    expect(buildTemplateParams("ada@example.com")).toEqual({
      email: "ada@example.com",
      name: "Waitlist Subscriber",
      company: "N/A",
      role: "N/A",
      needs: "Joined via the simplified waitlist form",
    });
  });
});

describe("describeSendError", () => {
  it("reads the SDK's status objects, its thrown strings and errors", async () => {
    const { describeSendError } = await load();
    expect(describeSendError({ status: 451, text: "Unavailable For Headless Browser" })).toBe(
      "HTTP 451 Unavailable For Headless Browser",
    );
    expect(describeSendError("The template ID is required.")).toBe("The template ID is required.");
    expect(describeSendError(new SendTimeoutError(15_000))).toBe(
      "EmailJS did not answer within 15000 ms",
    );
    expect(describeSendError(new TypeError("Failed to fetch"))).toBe("Failed to fetch");
  });

  it("falls back to the value as text for any other shape", async () => {
    const { describeSendError } = await load();
    expect(describeSendError({ status: 500 })).toBe("[object Object]");
    expect(describeSendError(null)).toBe("null");
    expect(describeSendError(42)).toBe("42");
  });
});

describe("sendWaitlistEmail", () => {
  it("initialises the SDK once with the public key and origin, then sends the template", async () => {
    const { sendWaitlistEmail } = await load();
    await sendWaitlistEmail("ada@example.com");
    await sendWaitlistEmail("grace@example.com");
    expect(sdk.init).toHaveBeenCalledTimes(1);
    expect(sdk.init).toHaveBeenCalledWith(
      expect.objectContaining({ publicKey: "key", blockHeadless: false, limitRate: {} }),
      "http://127.0.0.1:4180",
    );
    expect(sdk.send).toHaveBeenNthCalledWith(1, "service_a", "template_b", {
      email: "ada@example.com",
      name: "Waitlist Subscriber",
      company: "N/A",
      role: "N/A",
      needs: "Joined via the simplified waitlist form",
    });
    expect(sdk.send).toHaveBeenCalledTimes(2);
  });

  it("switches on blockHeadless and a one-second limitRate in production builds", async () => {
    const { sendWaitlistEmail } = await load({ MODE: "production" });
    await sendWaitlistEmail("ada@example.com");
    expect(sdk.init).toHaveBeenCalledWith(
      expect.objectContaining({
        blockHeadless: true,
        limitRate: { id: "bulwark:waitlist:rate", throttle: 1000 },
      }),
      "http://127.0.0.1:4180",
    );
  });

  it("gives the SDK a storage that keeps the rate-limit stamp", async () => {
    const { sendWaitlistEmail } = await load();
    await sendWaitlistEmail("ada@example.com");
    const [options] = sdk.init.mock.calls[0] as unknown as [
      {
        storageProvider: {
          get(k: string): Promise<string | null>;
          set(k: string, v: string): Promise<void>;
          remove(k: string): Promise<void>;
        };
      },
    ];
    await options.storageProvider.set("stamp", "123");
    await expect(options.storageProvider.get("stamp")).resolves.toBe("123");
    await options.storageProvider.remove("stamp");
    await expect(options.storageProvider.get("stamp")).resolves.toBeNull();
    // A rate-limit stamp from a clock that ran ahead is dropped, so it cannot block every send.
    const future = String(Date.now() + 3_600_000);
    await options.storageProvider.set("bulwark:waitlist:rate", future);
    await expect(options.storageProvider.get("bulwark:waitlist:rate")).resolves.toBeNull();
    await expect(options.storageProvider.get("bulwark:waitlist:rate")).resolves.toBeNull();
    const past = String(Date.now() - 500);
    await options.storageProvider.set("bulwark:waitlist:rate", past);
    await expect(options.storageProvider.get("bulwark:waitlist:rate")).resolves.toBe(past);
  });

  it("gives a refusal that carried Retry-After the wait it asked for", async () => {
    const fetch = vi.fn(
      async () =>
        new Response("Too Many Requests", { status: 429, headers: { "Retry-After": "4" } }),
    );
    vi.stubGlobal("fetch", fetch);
    const { sendWaitlistEmail } = await load();
    sdk.send.mockImplementationOnce(async () => {
      await globalThis.fetch("http://127.0.0.1:4180/api/v1.0/email/send", { method: "POST" });
      throw { status: 429, text: "Too Many Requests" };
    });
    await expect(sendWaitlistEmail("ada@example.com")).rejects.toEqual({
      status: 429,
      text: "Too Many Requests",
      retryAfterMs: 4000,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("passes on the SDK's refusal", async () => {
    const { sendWaitlistEmail } = await load();
    sdk.send.mockRejectedValueOnce({ status: 429, text: "Too Many Requests" });
    await expect(sendWaitlistEmail("ada@example.com")).rejects.toEqual({
      status: 429,
      text: "Too Many Requests",
    });
  });
});
