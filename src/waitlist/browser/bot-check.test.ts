// @vitest-environment happy-dom
/**
 * The bot check as the waitlist sees it, over a fake reCAPTCHA client: loaded only on intent (focus
 * or typing, or a field already focused or filled when the app starts), once; each send runs with a
 * token of its own; a check that cannot run is remembered for the form, and forgotten after a send.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Recaptcha } from "./recaptcha";

const client = vi.hoisted(() => ({
  created: 0,
  settings: [] as unknown[],
  warmUp: 0,
  focusHome: [] as (HTMLElement | null)[],
  tokens: 0,
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
      withFreshToken: async (use) => {
        const failure = client.failNext;
        client.failNext = undefined;
        if (failure) throw failure;
        client.tokens += 1;
        return use(`token-${client.tokens}`);
      },
    };
  },
}));

/** A fresh copy of the module: its loader and its memory of a blocked check start empty. */
async function freshBotCheck() {
  vi.resetModules();
  return import("./bot-check");
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

function unavailable(): Error {
  const error = new Error("blocked");
  error.name = "BotCheckUnavailableError";
  return error;
}

beforeEach(() => {
  Object.assign(client, {
    created: 0,
    settings: [],
    warmUp: 0,
    focusHome: [],
    tokens: 0,
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

  it("loads at once for a field typed into before the app started", async () => {
    const { loadOnIntent } = await freshBotCheck();
    loadOnIntent(form("early@example.com").field);
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

describe("withBotCheckToken", () => {
  it("gives each send a fresh token and its result back, loading the check without intent", async () => {
    const { withBotCheckToken } = await freshBotCheck();
    const sent: string[] = [];
    const send = async (token: string) => {
      sent.push(token);
      return `sent with ${token}`;
    };
    await expect(withBotCheckToken(send)).resolves.toBe("sent with token-1");
    await expect(withBotCheckToken(send)).resolves.toBe("sent with token-2");
    expect(sent).toEqual(["token-1", "token-2"]);
    expect(client.created).toBe(1);
  });

  it("remembers a check that could not run, for the form, and forgets it once a send goes", async () => {
    const { withBotCheckToken, botCheckBlocked } = await freshBotCheck();
    expect(botCheckBlocked()).toBe(false);
    client.failNext = unavailable();
    const send = vi.fn(async () => "sent");
    await expect(withBotCheckToken(send)).rejects.toThrow("blocked");
    expect(botCheckBlocked()).toBe(true);
    expect(send).not.toHaveBeenCalled();
    await expect(withBotCheckToken(send)).resolves.toBe("sent");
    expect(botCheckBlocked()).toBe(false);
  });

  it("does not call a failed send a blocked check", async () => {
    const { withBotCheckToken, botCheckBlocked } = await freshBotCheck();
    client.failNext = unavailable();
    await expect(withBotCheckToken(async () => "sent")).rejects.toThrow();
    await expect(
      withBotCheckToken(async () => {
        throw new Error("HTTP 500");
      }),
    ).rejects.toThrow("HTTP 500");
    expect(botCheckBlocked()).toBe(false);
  });

  it("does not call another failure of the check a blocked one", async () => {
    const { withBotCheckToken, botCheckBlocked } = await freshBotCheck();
    client.failNext = new TypeError("reCAPTCHA could not load while offline");
    await expect(withBotCheckToken(async () => "sent")).rejects.toThrow("offline");
    expect(botCheckBlocked()).toBe(false);
  });
});
