// @vitest-environment happy-dom
/**
 * The bot check as the waitlist sees it, over a fake reCAPTCHA client: loaded only on intent (focus
 * or typing, or a field already focused when the app starts; never for a value merely found in the
 * field), once; each request's token is asked for with the delivery's signal and `onAsking`; why a
 * signup got no token is read from its error, for the form; the form's settling reaches a loaded
 * client only.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Recaptcha } from "./recaptcha";

const client = vi.hoisted(() => ({
  created: 0,
  settings: [] as unknown[],
  warmUp: 0,
  focusHome: [] as (HTMLElement | null)[],
  settled: 0,
  tokens: 0,
  asked: [] as { signal: AbortSignal; onAsking?: (asking: boolean) => void }[],
  failNext: undefined as Error | undefined,
}));

vi.mock("./recaptcha", () => ({
  createRecaptcha: (settings: unknown): Recaptcha => {
    client.created += 1;
    client.settings.push(settings);
    return {
      warmUp: () => {
        client.warmUp += 1;
      },
      returnFocusTo: (element) => {
        client.focusHome.push(element);
      },
      formSettled: () => {
        client.settled += 1;
      },
      token: async (signal, onAsking) => {
        client.asked.push({ signal, onAsking });
        const failure = client.failNext;
        client.failNext = undefined;
        if (failure) throw failure;
        client.tokens += 1;
        return `token-${client.tokens}`;
      },
    };
  },
}));

/** A fresh bot check, as a page makes one: its loader and its memory of a blocked check start empty. */
async function freshBotCheck() {
  vi.resetModules();
  const { botCheckFailureOf, createBotCheck } = await import("./bot-check");
  const { loadOnIntent, token: botCheckToken, formSettled } = createBotCheck();
  return { botCheckFailureOf, loadOnIntent, botCheckToken, formSettled };
}

/** The form as the app renders it: a field and its submit button. */
function form(value = "") {
  document.body.innerHTML = `<form><input type="email" value="${value}"><button type="submit">Join Waitlist</button></form>`;
  const field = document.querySelector("input") as HTMLInputElement;
  const button = document.querySelector("button") as HTMLButtonElement;
  return { field, button };
}

/** Lets the loader's import and its `then` run. */
const loaded = () => new Promise((done) => setTimeout(done, 0));

/** The real error the client gives no token with (the module itself is mocked above). */
async function noToken(reason: "blocked" | "closed" | "expired" | "error" | "silent") {
  const { BotCheckUnavailableError } =
    await vi.importActual<typeof import("./recaptcha-challenge")>("./recaptcha-challenge");
  return new BotCheckUnavailableError(reason, "no token");
}

beforeEach(() => {
  Object.assign(client, {
    created: 0,
    settings: [],
    warmUp: 0,
    focusHome: [],
    settled: 0,
    tokens: 0,
    asked: [],
    failNext: undefined,
  });
});

describe("loadOnIntent", () => {
  it("loads nothing for a visitor who only reads", async () => {
    const { loadOnIntent } = await freshBotCheck();
    loadOnIntent(form().field);
    await loaded();
    expect(client.created).toBe(0);
    expect(client.warmUp).toBe(0);
  });

  it("loads the check on focus, once, and brings focus home to the submit button", async () => {
    const { loadOnIntent } = await freshBotCheck();
    const { field, button } = form();
    loadOnIntent(field);
    field.dispatchEvent(new Event("focus"));
    field.dispatchEvent(new Event("focus"));
    field.dispatchEvent(new Event("input"));
    await loaded();
    expect(client.created).toBe(1);
    expect(client.settings).toEqual([{ siteKey: "", origin: "" }]);
    expect(client.warmUp).toBe(1);
    expect(client.focusHome).toEqual([button]);
  });

  it("loads the check when the visitor types, without a focus event", async () => {
    const { loadOnIntent } = await freshBotCheck();
    const { field } = form();
    loadOnIntent(field);
    field.dispatchEvent(new Event("input"));
    field.dispatchEvent(new Event("focus"));
    await loaded();
    expect(client.warmUp).toBe(1);
  });

  it("loads nothing for a value merely found in the field, until the visitor acts", async () => {
    const { loadOnIntent } = await freshBotCheck();
    // Put back by the browser, or an address kept from an earlier attempt.
    const { field } = form("early@example.com");
    loadOnIntent(field);
    await loaded();
    expect(client.created).toBe(0);
    expect(client.warmUp).toBe(0);
    field.dispatchEvent(new Event("focus"));
    await loaded();
    expect(client.warmUp).toBe(1);
  });

  it("loads at once for a field focused before the app started", async () => {
    const { loadOnIntent } = await freshBotCheck();
    const { field } = form();
    field.focus();
    loadOnIntent(field);
    await loaded();
    expect(client.warmUp).toBe(1);
  });

  it("brings focus home to nothing when the field has no form", async () => {
    const { loadOnIntent } = await freshBotCheck();
    document.body.innerHTML = `<input type="email">`;
    const field = document.querySelector("input") as HTMLInputElement;
    loadOnIntent(field);
    field.dispatchEvent(new Event("focus"));
    await loaded();
    expect(client.focusHome).toEqual([null]);
  });
});

describe("botCheckToken", () => {
  it("asks the client with the delivery's signal and onAsking, loading the check without intent", async () => {
    const { botCheckToken } = await freshBotCheck();
    const signal = new AbortController().signal;
    const onAsking = vi.fn();
    await expect(botCheckToken(signal, onAsking)).resolves.toBe("token-1");
    expect(client.created).toBe(1);
    expect(client.asked).toHaveLength(1);
    expect(client.asked[0]?.signal).toBe(signal);
    expect(client.asked[0]?.onAsking).toBe(onAsking);
  });

  it("gives each request a fresh token from the one client", async () => {
    const { botCheckToken } = await freshBotCheck();
    const signal = new AbortController().signal;
    await expect(botCheckToken(signal, () => {})).resolves.toBe("token-1");
    await expect(botCheckToken(signal, () => {})).resolves.toBe("token-2");
    expect(client.created).toBe(1);
  });

  it("passes on why no token came", async () => {
    const { botCheckToken } = await freshBotCheck();
    const closed = await noToken("closed");
    client.failNext = closed;
    await expect(botCheckToken(new AbortController().signal, () => {})).rejects.toBe(closed);
  });
});

describe("formSettled", () => {
  it("loads nothing when the check never loaded, and tells the loaded client each time", async () => {
    const { formSettled, loadOnIntent } = await freshBotCheck();
    const { field } = form();
    formSettled();
    await loaded();
    expect(client.created).toBe(0);
    loadOnIntent(field);
    field.dispatchEvent(new Event("focus"));
    await loaded();
    formSettled();
    formSettled();
    expect(client.settled).toBe(2);
  });
});

describe("botCheckFailureOf", () => {
  it.each(["blocked", "closed", "expired", "error", "silent"] as const)(
    "reads the reason of a check that gave no token: %s",
    async (reason) => {
      const { botCheckFailureOf } = await freshBotCheck();
      expect(botCheckFailureOf(await noToken(reason))).toBe(reason);
    },
  );

  it("finds no bot-check failure in any other error", async () => {
    const { botCheckFailureOf } = await freshBotCheck();
    const other = Object.assign(new Error("HTTP 500"), { reason: "error" });
    expect(botCheckFailureOf(other)).toBeUndefined();
    expect(
      botCheckFailureOf(new TypeError("reCAPTCHA could not run while offline")),
    ).toBeUndefined();
    expect(
      botCheckFailureOf({ name: "BotCheckUnavailableError", reason: "closed" }),
    ).toBeUndefined();
    expect(botCheckFailureOf("The template ID is required.")).toBeUndefined();
    expect(botCheckFailureOf(undefined)).toBeUndefined();
  });
});
