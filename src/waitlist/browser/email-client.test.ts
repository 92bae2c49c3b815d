/**
 * The one place that talks to EmailJS (docs/behaviour.md, "Anti-abuse, no CAPTCHA"): the SDK,
 * mocked, is loaded at the first send, set up once from the build's settings, and sends the
 * waitlist template with a ticket's parameters.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { SendTimeoutError } from "@/waitlist/core/delivery-deps";

const sdk = vi.hoisted(() => ({
  init: vi.fn(),
  send: vi.fn(async (..._: unknown[]) => ({ status: 200, text: "OK" })),
}));
vi.mock("@emailjs/browser", () => sdk);

afterEach(() => {
  vi.unstubAllEnvs();
  vi.clearAllMocks();
  vi.resetModules();
});

/** The client module as a build with `env` has it. */
async function load(env: Record<string, string> = {}) {
  vi.stubEnv("MODE", "emulator");
  vi.stubEnv("VITE_EMAILJS_PUBLIC_KEY", "key");
  vi.stubEnv("VITE_EMAILJS_SERVICE_ID", "service_a");
  vi.stubEnv("VITE_EMAILJS_TEMPLATE_ID", "template_b");
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return import("./email-client");
}

const FIXED = {
  name: "Waitlist Subscriber",
  company: "N/A",
  role: "N/A",
  needs: "Joined via the simplified waitlist form",
};

type Provider = {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
};

describe("buildTemplateParams", () => {
  it("sends the address with the fixed waitlist fields", async () => {
    const { buildTemplateParams } = await load();
    expect(buildTemplateParams("Ada@Example.com")).toEqual({ email: "Ada@Example.com", ...FIXED });
  });
});

describe("describeSendError", () => {
  it.each<[string, unknown, string]>([
    [
      "the SDK's status object",
      { status: 451, text: "Unavailable For Headless Browser" },
      "HTTP 451 Unavailable For Headless Browser",
    ],
    ["the SDK's thrown string", "The template ID is required.", "The template ID is required."],
    [
      "the delivery's timeout",
      new SendTimeoutError(15_000),
      "EmailJS did not answer within 15000 ms",
    ],
    ["a failed fetch", new TypeError("Failed to fetch"), "Failed to fetch"],
    ["a status without text", { status: 500 }, "[object Object]"],
    ["a text without status", { text: "Bad" }, "[object Object]"],
    ["null", null, "null"],
    ["nothing", undefined, "undefined"],
    ["a number", 42, "42"],
  ])("reads %s", async (_, error, line) => {
    const { describeSendError } = await load();
    expect(describeSendError(error)).toBe(line);
  });
});

describe("memoryProvider", () => {
  it("keeps values by key in the page's memory, each provider its own", async () => {
    const { memoryProvider } = await load();
    const provider: Provider = memoryProvider();
    await expect(provider.get("rate")).resolves.toBeNull();
    await provider.set("rate", "123");
    await provider.set("other", "456");
    await expect(provider.get("rate")).resolves.toBe("123");
    await provider.remove("rate");
    await expect(provider.get("rate")).resolves.toBeNull();
    await expect(provider.get("other")).resolves.toBe("456");
    await expect(memoryProvider().get("other")).resolves.toBeNull();
  });
});

describe("createEmailClient", () => {
  it("loads nothing until the first send, then sets the SDK up once", async () => {
    const { createEmailClient } = await load();
    const client = createEmailClient();
    expect(sdk.init).not.toHaveBeenCalled();
    await client.send("ada@example.com");
    await client.send("grace@example.com");
    expect(sdk.init).toHaveBeenCalledTimes(1);
    expect(sdk.init).toHaveBeenCalledWith(
      {
        publicKey: "key",
        blockHeadless: false,
        limitRate: {},
        storageProvider: expect.objectContaining({ get: expect.any(Function) }),
      },
      "https://api.emailjs.com",
    );
    expect(sdk.send.mock.calls).toEqual([
      ["service_a", "template_b", { email: "ada@example.com", ...FIXED }],
      ["service_a", "template_b", { email: "grace@example.com", ...FIXED }],
    ]);
  });

  it("in production builds, blocks headless browsers and sends one a second", async () => {
    const { createEmailClient, LIMIT_RATE } = await load({ MODE: "production" });
    await createEmailClient().send("ada@example.com");
    expect(LIMIT_RATE).toEqual({ id: "rate", throttle: 1000 });
    expect(sdk.init).toHaveBeenCalledWith(
      expect.objectContaining({ blockHeadless: true, limitRate: LIMIT_RATE }),
      "https://api.emailjs.com",
    );
  });

  it("gives the SDK a storage that keeps the rate stamp in memory", async () => {
    const { createEmailClient } = await load({ MODE: "production" });
    await createEmailClient().send("ada@example.com");
    const [{ storageProvider }] = sdk.init.mock.calls[0] as [{ storageProvider: Provider }];
    await storageProvider.set("rate", "123");
    await expect(storageProvider.get("rate")).resolves.toBe("123");
    await storageProvider.remove("rate");
    await expect(storageProvider.get("rate")).resolves.toBeNull();
  });

  it("sends a ticket's parameters with the template's", async () => {
    const { createEmailClient } = await load();
    await createEmailClient().send("ada@example.com", { "g-recaptcha-response": "token" });
    expect(sdk.send).toHaveBeenCalledWith("service_a", "template_b", {
      email: "ada@example.com",
      ...FIXED,
      "g-recaptcha-response": "token",
    });
  });

  it("rejects with the SDK's own error", async () => {
    const { createEmailClient } = await load();
    const refusal = { status: 429, text: "Too Many Requests" };
    sdk.send.mockRejectedValueOnce(refusal);
    await expect(createEmailClient().send("ada@example.com")).rejects.toBe(refusal);
  });

  it("loads the SDK again at the next send after a failed load", async () => {
    const { createEmailClient } = await load();
    const client = createEmailClient();
    // The first import fails (offline, or a redeploy removed the file); the next one loads.
    let failing = 1;
    vi.doMock("@emailjs/browser", () => {
      if (failing-- > 0) throw new TypeError("Failed to fetch dynamically imported module");
      return sdk;
    });
    await expect(client.send("ada@example.com")).rejects.toThrow();
    expect(sdk.send).not.toHaveBeenCalled();
    await client.send("ada@example.com");
    expect(sdk.init).toHaveBeenCalledTimes(1);
    expect(sdk.send).toHaveBeenCalledTimes(1);
  });
});
