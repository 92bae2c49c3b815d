// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
/**
 * The reCAPTCHA client over a fake grecaptcha: the script is loaded once and only when asked, each
 * request gets a fresh token and the widget is reset after it, a script that cannot load is told
 * apart from being offline and is tried again next time, focus comes back after a challenge.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BotCheckUnavailableError, createRecaptcha, type Grecaptcha } from "./recaptcha";

const SETTINGS = { siteKey: "site-key", origin: "http://127.0.0.1:9" };

type RenderParameters = Parameters<Grecaptcha["render"]>[1];

/** A fake Google: what the page asked of it, and a way to answer. */
function fakeGoogle() {
  let issued = 0;
  let parameters: RenderParameters | undefined;
  const grecaptcha = {
    render: vi.fn((_container: HTMLElement, given: RenderParameters) => {
      parameters = given;
      return 7;
    }),
    execute: vi.fn((_widget: number) => {
      issued += 1;
      const token = `token-${issued}`;
      queueMicrotask(() => parameters?.callback(token));
    }),
    reset: vi.fn(),
    getResponse: vi.fn(() => ""),
  };
  return { grecaptcha, parameters: () => parameters };
}

/** The scripts the client appended, and how each one ends. */
function scripts(): HTMLScriptElement[] {
  return [...document.head.querySelectorAll("script")];
}

/** The script the client asked for (it asks from a queued turn, so a moment later). */
async function requestedScript(): Promise<HTMLScriptElement> {
  await vi.waitFor(() => expect(scripts()).toHaveLength(1));
  return scripts()[0] as HTMLScriptElement;
}

async function loadScript(google: ReturnType<typeof fakeGoogle>) {
  const script = await requestedScript();
  const onload = new URL(script.src).searchParams.get("onload") ?? "";
  Object.assign(globalThis, { grecaptcha: google.grecaptcha });
  (globalThis as unknown as Record<string, () => void>)[onload]?.();
}

beforeEach(() => {
  document.head.innerHTML = "";
  document.body.innerHTML = "";
});

afterEach(() => {
  Reflect.deleteProperty(globalThis, "grecaptcha");
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("createRecaptcha", () => {
  it("requests nothing until it is asked to", () => {
    createRecaptcha(SETTINGS);
    expect(scripts()).toHaveLength(0);
  });

  it("loads api.js once from the configured origin, explicitly rendered, in English", async () => {
    const recaptcha = createRecaptcha(SETTINGS);
    recaptcha.warmUp();
    recaptcha.warmUp();
    expect(scripts()).toHaveLength(1);
    const src = new URL(scripts()[0]?.src ?? "");
    expect(src.origin + src.pathname).toBe("http://127.0.0.1:9/recaptcha/api.js");
    expect(src.searchParams.get("render")).toBe("explicit");
    expect(src.searchParams.get("hl")).toBe("en");
  });

  it("renders one invisible widget with the site key, and hands each request a fresh token", async () => {
    const google = fakeGoogle();
    const recaptcha = createRecaptcha(SETTINGS);
    const sent: string[] = [];
    const first = recaptcha.withFreshToken(async (token) => sent.push(token));
    await loadScript(google);
    await first;
    await recaptcha.withFreshToken(async (token) => sent.push(token));
    expect(sent).toEqual(["token-1", "token-2"]);
    expect(google.grecaptcha.render).toHaveBeenCalledTimes(1);
    expect(google.parameters()).toMatchObject({ sitekey: "site-key", size: "invisible" });
    expect(google.grecaptcha.execute).toHaveBeenCalledTimes(2);
    expect(google.grecaptcha.reset).toHaveBeenCalledTimes(2);
  });

  it("resets the widget after a request that failed, and passes the failure on", async () => {
    const google = fakeGoogle();
    const recaptcha = createRecaptcha(SETTINGS);
    const refused = recaptcha.withFreshToken(async () => {
      throw new Error("429");
    });
    await loadScript(google);
    await expect(refused).rejects.toThrow("429");
    expect(google.grecaptcha.reset).toHaveBeenCalledWith(7);
  });

  it("gives one token at a time: a second request waits for the first to be reset", async () => {
    const google = fakeGoogle();
    const recaptcha = createRecaptcha(SETTINGS);
    const order: string[] = [];
    let finishFirst = () => {};
    const first = recaptcha.withFreshToken(async (token) => {
      order.push(`use ${token}`);
      await new Promise<void>((resolve) => {
        finishFirst = resolve;
      });
    });
    const second = recaptcha.withFreshToken(async (token) => order.push(`use ${token}`));
    await loadScript(google);
    await vi.waitFor(() => expect(order).toEqual(["use token-1"]));
    finishFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(["use token-1", "use token-2"]);
  });

  it("a blocked script is a BotCheckUnavailableError, and the next request loads it again", async () => {
    const recaptcha = createRecaptcha(SETTINGS);
    const blocked = recaptcha.withFreshToken(async () => "sent");
    (await requestedScript()).dispatchEvent(new Event("error"));
    await expect(blocked).rejects.toBeInstanceOf(BotCheckUnavailableError);
    expect(scripts()).toHaveLength(0);
    const google = fakeGoogle();
    const retried = recaptcha.withFreshToken(async (token) => token);
    await loadScript(google);
    await expect(retried).resolves.toBe("token-1");
  });

  it("refuses with a status, as the SDK's own refusals do, so the address is kept, not retried", async () => {
    const recaptcha = createRecaptcha(SETTINGS);
    const blocked = recaptcha.withFreshToken(async () => "sent");
    (await requestedScript()).dispatchEvent(new Event("error"));
    await expect(blocked).rejects.toMatchObject({ status: 424 });
  });

  it("a script that fails while offline is an error without a status: the signup waits to be online", async () => {
    vi.stubGlobal("navigator", { onLine: false });
    const recaptcha = createRecaptcha(SETTINGS);
    const offline = recaptcha.withFreshToken(async () => "sent");
    (await requestedScript()).dispatchEvent(new Event("error"));
    const error = await offline.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toHaveProperty("status");
  });

  it("a script that never answers is given up on after its time limit", async () => {
    vi.useFakeTimers();
    const recaptcha = createRecaptcha(SETTINGS);
    const hanging = recaptcha.withFreshToken(async () => "sent");
    const outcome = hanging.catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await outcome).toBeInstanceOf(BotCheckUnavailableError);
  });

  it("Google's error callback fails the request waiting for a token", async () => {
    const google = fakeGoogle();
    google.grecaptcha.execute.mockImplementation(() => google.parameters()?.["error-callback"]());
    const recaptcha = createRecaptcha(SETTINGS);
    const failed = recaptcha.withFreshToken(async () => "sent");
    await loadScript(google);
    await expect(failed).rejects.toBeInstanceOf(BotCheckUnavailableError);
  });

  it("gives focus back to the form's button when a challenge took it", async () => {
    const google = fakeGoogle();
    const button = document.createElement("button");
    const challenge = document.createElement("iframe");
    document.body.append(button, challenge);
    google.grecaptcha.execute.mockImplementation(() => {
      // Google's challenge frame has focus while the visitor solves it.
      challenge.tabIndex = 0;
      challenge.focus();
      queueMicrotask(() => google.parameters()?.callback("token-solved"));
    });
    const recaptcha = createRecaptcha(SETTINGS);
    recaptcha.returnFocusTo(button);
    const sent = recaptcha.withFreshToken(async (token) => token);
    await loadScript(google);
    await expect(sent).resolves.toBe("token-solved");
    expect(document.activeElement).toBe(button);
  });

  it("leaves focus where the visitor put it when no challenge took it", async () => {
    const google = fakeGoogle();
    const button = document.createElement("button");
    const field = document.createElement("input");
    document.body.append(field, button);
    field.focus();
    const recaptcha = createRecaptcha(SETTINGS);
    recaptcha.returnFocusTo(button);
    const sent = recaptcha.withFreshToken(async (token) => token);
    await loadScript(google);
    await sent;
    expect(document.activeElement).toBe(field);
  });
});
