// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
/**
 * The reCAPTCHA client over a fake grecaptcha: the script is loaded once and only when asked, each
 * request gets a fresh token, one at a time, and the widget is reset at every ending; Google's
 * challenge is watched (shown, hidden, closed without a token); each way of getting no token has its
 * reason; an execute Google leaves unanswered ends at its bound unless a challenge is shown; a
 * cancelled turn ends at once and never reaches Google; a script that cannot load is told apart from
 * being offline and is tried again next time; focus comes back after a challenge (without a token,
 * once the form has settled).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createRecaptcha, SCRIPT_LOAD_LIMIT_MS, SILENT_AFTER_MS } from "./recaptcha";
import { BotCheckUnavailableError, CLOSED_AFTER_MS, type Grecaptcha } from "./recaptcha-challenge";

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

/**
 * Google's challenge as it sits in the page: a frame inside a container, a child of body, that
 * Google shows and hides by its visibility (hidden until a challenge is asked).
 */
function challenge() {
  const container = document.createElement("div");
  container.style.visibility = "hidden";
  const wrapper = document.createElement("div");
  const frame = document.createElement("iframe");
  frame.src = "https://www.google.com/recaptcha/api2/bframe?hl=en&k=site-key";
  // Its page comes from srcdoc, so happy-dom fetches nothing.
  frame.srcdoc = "<p>challenge</p>";
  wrapper.append(frame);
  container.append(wrapper);
  document.body.append(container);
  return {
    show: () => {
      container.style.visibility = "visible";
    },
    hide: () => {
      container.style.visibility = "hidden";
    },
  };
}

/** A fresh signal that is never aborted. */
const live = () => new AbortController().signal;

/** What a turn that was meant to fail failed with. */
const failureOf = (turn: Promise<string>): Promise<unknown> =>
  turn.then(
    () => new Error("resolved with a token"),
    (caught: unknown) => caught,
  );

/** Lets the MutationObserver's microtasks and the promise callbacks run. */
const flush = () => new Promise<void>((done) => setTimeout(done, 0));

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

  it("renders one invisible widget with the site key, and gives each request a fresh token", async () => {
    const google = fakeGoogle();
    const recaptcha = createRecaptcha(SETTINGS);
    const first = recaptcha.token(live());
    await loadScript(google);
    await expect(first).resolves.toBe("token-1");
    await expect(recaptcha.token(live())).resolves.toBe("token-2");
    expect(google.grecaptcha.render).toHaveBeenCalledTimes(1);
    expect(google.parameters()).toMatchObject({ sitekey: "site-key", size: "invisible" });
    expect(google.grecaptcha.execute).toHaveBeenCalledTimes(2);
    expect(google.grecaptcha.reset).toHaveBeenCalledTimes(2);
    expect(google.grecaptcha.reset).toHaveBeenCalledWith(7);
  });

  it("gives one token at a time: a second request's execute waits for the first to end", async () => {
    const google = fakeGoogle();
    google.grecaptcha.execute.mockImplementationOnce(() => {});
    const recaptcha = createRecaptcha(SETTINGS);
    const first = recaptcha.token(live());
    const second = recaptcha.token(live());
    await loadScript(google);
    await flush();
    expect(google.grecaptcha.execute).toHaveBeenCalledTimes(1);
    google.parameters()?.callback("token-solved");
    await expect(first).resolves.toBe("token-solved");
    await expect(second).resolves.toBe("token-1");
    expect(google.grecaptcha.execute).toHaveBeenCalledTimes(2);
    expect(google.grecaptcha.reset).toHaveBeenCalledTimes(2);
  });

  it("a blocked script gives no token (blocked), and the next request loads it again", async () => {
    const recaptcha = createRecaptcha(SETTINGS);
    const blocked = failureOf(recaptcha.token(live()));
    (await requestedScript()).dispatchEvent(new Event("error"));
    const error = await blocked;
    expect(error).toBeInstanceOf(BotCheckUnavailableError);
    expect(error).toMatchObject({ reason: "blocked" });
    expect(scripts()).toHaveLength(0);
    const google = fakeGoogle();
    const retried = recaptcha.token(live());
    await loadScript(google);
    await expect(retried).resolves.toBe("token-1");
  });

  it("a script that fails while offline is a network error: the signup waits to be online", async () => {
    vi.stubGlobal("navigator", { onLine: false });
    const recaptcha = createRecaptcha(SETTINGS);
    const offline = failureOf(recaptcha.token(live()));
    (await requestedScript()).dispatchEvent(new Event("error"));
    const error = await offline;
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toHaveProperty("reason");
  });

  it("a script that never answers is given up on after its time limit (blocked)", async () => {
    vi.useFakeTimers();
    const recaptcha = createRecaptcha(SETTINGS);
    const hanging = failureOf(recaptcha.token(live()));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await hanging).toMatchObject({ name: "BotCheckUnavailableError", reason: "blocked" });
  });

  it("Google's error callback gives no token (error), and the widget is reset", async () => {
    const google = fakeGoogle();
    google.grecaptcha.execute.mockImplementation(() => google.parameters()?.["error-callback"]());
    const recaptcha = createRecaptcha(SETTINGS);
    const failed = failureOf(recaptcha.token(live()));
    await loadScript(google);
    const error = await failed;
    expect(error).toBeInstanceOf(BotCheckUnavailableError);
    expect(error).toMatchObject({ reason: "error" });
    expect(google.grecaptcha.reset).toHaveBeenCalledTimes(1);
  });

  it("Google's error callback while offline is a network error: the signup waits to be online", async () => {
    const google = fakeGoogle();
    google.grecaptcha.execute.mockImplementation(() => google.parameters()?.["error-callback"]());
    const recaptcha = createRecaptcha(SETTINGS);
    const failed = failureOf(recaptcha.token(live()));
    await loadScript(google);
    vi.stubGlobal("navigator", { onLine: false });
    expect(await failed).toBeInstanceOf(TypeError);
  });

  it("a challenge that expired gives no token (expired), and the widget is reset", async () => {
    const google = fakeGoogle();
    google.grecaptcha.execute.mockImplementation(() => google.parameters()?.["expired-callback"]());
    const recaptcha = createRecaptcha(SETTINGS);
    const failed = failureOf(recaptcha.token(live()));
    await loadScript(google);
    const error = await failed;
    expect(error).toBeInstanceOf(BotCheckUnavailableError);
    expect(error).toMatchObject({ reason: "expired" });
    expect(google.grecaptcha.reset).toHaveBeenCalledTimes(1);
  });

  it("a failed turn lets the next one through", async () => {
    const google = fakeGoogle();
    google.grecaptcha.execute.mockImplementationOnce(() =>
      google.parameters()?.["expired-callback"](),
    );
    const recaptcha = createRecaptcha(SETTINGS);
    const failed = failureOf(recaptcha.token(live()));
    const next = recaptcha.token(live());
    await loadScript(google);
    expect(await failed).toMatchObject({ reason: "expired" });
    await expect(next).resolves.toBe("token-1");
  });

  it("gives focus back to the form's button when a challenge took it", async () => {
    const google = fakeGoogle();
    const button = document.createElement("button");
    const frame = document.createElement("iframe");
    frame.srcdoc = "<p>challenge</p>";
    document.body.append(button, frame);
    google.grecaptcha.execute.mockImplementation(() => {
      // Google's challenge frame has focus while the visitor solves it.
      frame.tabIndex = 0;
      frame.focus();
      queueMicrotask(() => google.parameters()?.callback("token-solved"));
    });
    const recaptcha = createRecaptcha(SETTINGS);
    recaptcha.returnFocusTo(button);
    const sent = recaptcha.token(live());
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
    const sent = recaptcha.token(live());
    await loadScript(google);
    await sent;
    expect(document.activeElement).toBe(field);
  });

  it("after a turn with no token, gives focus back only once the form has settled, and once", async () => {
    const google = fakeGoogle();
    const button = document.createElement("button");
    const frame = document.createElement("iframe");
    frame.srcdoc = "<p>challenge</p>";
    document.body.append(button, frame);
    google.grecaptcha.execute.mockImplementation(() => {
      frame.tabIndex = 0;
      frame.focus();
      queueMicrotask(() => google.parameters()?.["expired-callback"]());
    });
    const recaptcha = createRecaptcha(SETTINGS);
    recaptcha.returnFocusTo(button);
    const expired = failureOf(recaptcha.token(live()));
    await loadScript(google);
    expect(await expired).toMatchObject({ reason: "expired" });
    // The form still says Joining... until it shows the ending: focus waits for it.
    expect(document.activeElement).toBe(frame);
    recaptcha.formSettled();
    expect(document.activeElement).toBe(button);
    // Owed once: a later settling leaves focus where the visitor put it since.
    frame.focus();
    recaptcha.formSettled();
    expect(document.activeElement).toBe(frame);
  });

  it("owes no focus when the form settles after a turn that gave a token, or before any turn", async () => {
    const google = fakeGoogle();
    const button = document.createElement("button");
    const frame = document.createElement("iframe");
    frame.srcdoc = "<p>challenge</p>";
    frame.tabIndex = 0;
    document.body.append(button, frame);
    const recaptcha = createRecaptcha(SETTINGS);
    recaptcha.returnFocusTo(button);
    frame.focus();
    recaptcha.formSettled();
    expect(document.activeElement).toBe(frame);
    const sent = recaptcha.token(live());
    await loadScript(google);
    await sent;
    // The send goes on from the button (its turn brought focus home); the visitor moves on.
    expect(document.activeElement).toBe(button);
    frame.focus();
    recaptcha.formSettled();
    expect(document.activeElement).toBe(frame);
  });
});

describe("Google's challenge", () => {
  /** A fake Google that shows its challenge on execute and waits for the test to answer. */
  function askingGoogle() {
    const google = fakeGoogle();
    const frame = challenge();
    google.grecaptcha.execute.mockImplementation(() => frame.show());
    return { ...google, ...frame, answer: (token: string) => google.parameters()?.callback(token) };
  }

  it("is said to ask the visitor while shown, and no longer once answered", async () => {
    const google = askingGoogle();
    const onAsking = vi.fn();
    const recaptcha = createRecaptcha(SETTINGS);
    const token = recaptcha.token(live(), onAsking);
    await loadScript(google);
    await vi.waitFor(() => expect(onAsking.mock.calls).toEqual([[true]]));
    // Google calls back while its challenge is still shown; the turn says it no longer asks.
    google.answer("token-solved");
    await expect(token).resolves.toBe("token-solved");
    expect(onAsking.mock.calls).toEqual([[true], [false]]);
    expect(google.grecaptcha.reset).toHaveBeenCalledTimes(1);
  });

  it("asks nothing of the visitor when Google gives a token without a challenge", async () => {
    const google = fakeGoogle();
    challenge();
    const onAsking = vi.fn();
    const recaptcha = createRecaptcha(SETTINGS);
    const token = recaptcha.token(live(), onAsking);
    await loadScript(google);
    await expect(token).resolves.toBe("token-1");
    expect(onAsking).not.toHaveBeenCalled();
  });

  it("hidden without a token, is taken as closed once the grace has passed", async () => {
    vi.useFakeTimers();
    const google = askingGoogle();
    const onAsking = vi.fn();
    const recaptcha = createRecaptcha(SETTINGS);
    const closed = failureOf(recaptcha.token(live(), onAsking));
    await loadScript(google);
    await vi.advanceTimersByTimeAsync(0);
    expect(onAsking.mock.calls).toEqual([[true]]);
    // The visitor looks at it for a minute, then closes it.
    await vi.advanceTimersByTimeAsync(60_000);
    google.hide();
    await vi.advanceTimersByTimeAsync(0);
    expect(onAsking.mock.calls).toEqual([[true], [false]]);
    await vi.advanceTimersByTimeAsync(CLOSED_AFTER_MS - 1);
    expect(google.grecaptcha.reset).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await closed;
    expect(error).toBeInstanceOf(BotCheckUnavailableError);
    expect(error).toMatchObject({ reason: "closed" });
    expect(onAsking.mock.calls).toEqual([[true], [false]]);
    expect(google.grecaptcha.reset).toHaveBeenCalledTimes(1);
  });

  it("hidden a moment before Google calls back with the token: the token counts", async () => {
    vi.useFakeTimers();
    const google = askingGoogle();
    const onAsking = vi.fn();
    const recaptcha = createRecaptcha(SETTINGS);
    const token = recaptcha.token(live(), onAsking);
    const outcome = failureOf(token);
    await loadScript(google);
    await vi.advanceTimersByTimeAsync(0);
    google.hide();
    await vi.advanceTimersByTimeAsync(CLOSED_AFTER_MS - 1);
    google.answer("token-solved");
    await expect(token).resolves.toBe("token-solved");
    await vi.advanceTimersByTimeAsync(CLOSED_AFTER_MS);
    expect(await outcome).toEqual(new Error("resolved with a token"));
    expect(onAsking.mock.calls).toEqual([[true], [false]]);
  });

  it("hidden and shown again within the grace is still waited on", async () => {
    vi.useFakeTimers();
    const google = askingGoogle();
    const onAsking = vi.fn();
    const recaptcha = createRecaptcha(SETTINGS);
    const token = recaptcha.token(live(), onAsking);
    await loadScript(google);
    await vi.advanceTimersByTimeAsync(0);
    google.hide();
    await vi.advanceTimersByTimeAsync(CLOSED_AFTER_MS - 1);
    google.show();
    await vi.advanceTimersByTimeAsync(10 * CLOSED_AFTER_MS);
    expect(onAsking.mock.calls).toEqual([[true], [false], [true]]);
    google.answer("token-solved");
    await expect(token).resolves.toBe("token-solved");
  });

  it("already shown when a turn starts is reported at once", async () => {
    const google = fakeGoogle();
    const frame = challenge();
    frame.show();
    google.grecaptcha.execute.mockImplementation(() => {});
    const onAsking = vi.fn();
    const recaptcha = createRecaptcha(SETTINGS);
    const token = recaptcha.token(live(), onAsking);
    await loadScript(google);
    await vi.waitFor(() => expect(onAsking.mock.calls).toEqual([[true]]));
    google.parameters()?.callback("token-solved");
    await expect(token).resolves.toBe("token-solved");
  });

  it("a turn that ended hears nothing more: its grace, its signal and the next challenge are not its own", async () => {
    vi.useFakeTimers();
    const google = askingGoogle();
    const firstAsking = vi.fn();
    const firstStop = new AbortController();
    const recaptcha = createRecaptcha(SETTINGS);
    const first = recaptcha.token(firstStop.signal, firstAsking);
    await loadScript(google);
    await vi.advanceTimersByTimeAsync(0);
    // Google hides its solved challenge a moment before it calls back.
    google.hide();
    await vi.advanceTimersByTimeAsync(0);
    google.answer("token-solved");
    await expect(first).resolves.toBe("token-solved");
    expect(firstAsking.mock.calls).toEqual([[true], [false]]);
    // The next request's turn starts at once and its challenge is shown.
    const secondAsking = vi.fn();
    const second = recaptcha.token(live(), secondAsking);
    const outcome = failureOf(second);
    await vi.advanceTimersByTimeAsync(0);
    expect(secondAsking.mock.calls).toEqual([[true]]);
    // The first turn's grace runs out, and the page it was taken for is left.
    await vi.advanceTimersByTimeAsync(CLOSED_AFTER_MS);
    firstStop.abort(new DOMException("left", "AbortError"));
    google.hide();
    await vi.advanceTimersByTimeAsync(0);
    google.show();
    await vi.advanceTimersByTimeAsync(CLOSED_AFTER_MS);
    expect(firstAsking.mock.calls).toEqual([[true], [false]]);
    google.answer("token-2");
    await expect(second).resolves.toBe("token-2");
    expect(await outcome).toEqual(new Error("resolved with a token"));
  });

  it("is watched afresh by each turn: the next one's challenge is reported, its closing too", async () => {
    vi.useFakeTimers();
    const google = askingGoogle();
    const recaptcha = createRecaptcha(SETTINGS);
    const first = recaptcha.token(live());
    await loadScript(google);
    await vi.advanceTimersByTimeAsync(0);
    google.answer("token-solved");
    google.hide();
    await expect(first).resolves.toBe("token-solved");
    const onAsking = vi.fn();
    const second = failureOf(recaptcha.token(live(), onAsking));
    await vi.advanceTimersByTimeAsync(0);
    expect(onAsking.mock.calls).toEqual([[true]]);
    google.hide();
    await vi.advanceTimersByTimeAsync(CLOSED_AFTER_MS);
    expect(await second).toMatchObject({ reason: "closed" });
    expect(google.grecaptcha.execute).toHaveBeenCalledTimes(2);
    expect(google.grecaptcha.reset).toHaveBeenCalledTimes(2);
  });
});

describe("a cancelled turn", () => {
  it("asks nothing of Google when its signal was aborted before it started", async () => {
    const recaptcha = createRecaptcha(SETTINGS);
    const stop = new AbortController();
    stop.abort(new DOMException("left", "AbortError"));
    expect(await failureOf(recaptcha.token(stop.signal))).toBe(stop.signal.reason);
    await flush();
    expect(scripts()).toHaveLength(0);
  });

  it("ends at once with the signal's reason while a challenge waits, and the widget is reset", async () => {
    const google = fakeGoogle();
    const frame = challenge();
    google.grecaptcha.execute.mockImplementationOnce(() => frame.show());
    const onAsking = vi.fn();
    const recaptcha = createRecaptcha(SETTINGS);
    const stop = new AbortController();
    const cancelled = failureOf(recaptcha.token(stop.signal, onAsking));
    await loadScript(google);
    await vi.waitFor(() => expect(onAsking.mock.calls).toEqual([[true]]));
    stop.abort(new DOMException("left", "AbortError"));
    expect(await cancelled).toBe(stop.signal.reason);
    expect(onAsking.mock.calls).toEqual([[true], [false]]);
    expect(google.grecaptcha.reset).toHaveBeenCalledTimes(1);
    // The next turn asks Google afresh and gets its token.
    frame.hide();
    await expect(recaptcha.token(live())).resolves.toBe("token-1");
    expect(google.grecaptcha.execute).toHaveBeenCalledTimes(2);
  });

  it("that was waiting for its turn never reaches Google; the one after it does", async () => {
    const google = fakeGoogle();
    google.grecaptcha.execute.mockImplementationOnce(() => {});
    const recaptcha = createRecaptcha(SETTINGS);
    const first = recaptcha.token(live());
    const stop = new AbortController();
    const dropped = failureOf(recaptcha.token(stop.signal));
    const third = recaptcha.token(live());
    await loadScript(google);
    await flush();
    stop.abort(new DOMException("left", "AbortError"));
    await flush();
    expect(google.grecaptcha.execute).toHaveBeenCalledTimes(1);
    google.parameters()?.callback("token-solved");
    await expect(first).resolves.toBe("token-solved");
    expect(await dropped).toBe(stop.signal.reason);
    await expect(third).resolves.toBe("token-1");
    expect(google.grecaptcha.execute).toHaveBeenCalledTimes(2);
    expect(google.grecaptcha.reset).toHaveBeenCalledTimes(2);
  });

  it("waiting for its turn, ends as soon as its signal aborts, not when the turn before ends", async () => {
    const google = fakeGoogle();
    google.grecaptcha.execute.mockImplementationOnce(() => {});
    const recaptcha = createRecaptcha(SETTINGS);
    const first = recaptcha.token(live());
    const stop = new AbortController();
    let ended = false;
    const dropped = failureOf(recaptcha.token(stop.signal)).finally(() => {
      ended = true;
    });
    await loadScript(google);
    await flush();
    stop.abort(new DOMException("left", "AbortError"));
    await flush();
    expect(ended).toBe(true);
    expect(await dropped).toBe(stop.signal.reason);
    google.parameters()?.callback("token-solved");
    await expect(first).resolves.toBe("token-solved");
  });

  it("aborted while the script loads never reaches Google; the next turn does", async () => {
    const google = fakeGoogle();
    const recaptcha = createRecaptcha(SETTINGS);
    const stop = new AbortController();
    const cancelled = failureOf(recaptcha.token(stop.signal));
    await requestedScript();
    stop.abort(new DOMException("left", "AbortError"));
    const next = recaptcha.token(live());
    await loadScript(google);
    expect(await cancelled).toBe(stop.signal.reason);
    await expect(next).resolves.toBe("token-1");
    expect(google.grecaptcha.execute).toHaveBeenCalledTimes(1);
  });
});

describe("a Google gone silent (execute calls nothing and shows no challenge)", () => {
  /** A fake Google whose first execute is never answered, and a record of how its turn ended. */
  async function silentTurn(onAsking = vi.fn()) {
    vi.useFakeTimers();
    const google = fakeGoogle();
    google.grecaptcha.execute.mockImplementationOnce(() => {});
    const recaptcha = createRecaptcha(SETTINGS);
    let ended = false;
    const outcome = failureOf(recaptcha.token(live(), onAsking)).finally(() => {
      ended = true;
    });
    await loadScript(google);
    await vi.advanceTimersByTimeAsync(0);
    expect(google.grecaptcha.execute).toHaveBeenCalledTimes(1);
    return { google, recaptcha, outcome, ended: () => ended };
  }

  it("ends the turn at the bound, not a moment before (silent), and resets the widget", async () => {
    const onAsking = vi.fn();
    const turn = await silentTurn(onAsking);
    await vi.advanceTimersByTimeAsync(SILENT_AFTER_MS - 1);
    expect(turn.ended()).toBe(false);
    expect(turn.google.grecaptcha.reset).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(turn.ended()).toBe(true);
    const error = await turn.outcome;
    expect(error).toBeInstanceOf(BotCheckUnavailableError);
    expect(error).toMatchObject({ reason: "silent" });
    expect(String(error)).toContain(`within ${SILENT_AFTER_MS} ms`);
    expect(turn.google.grecaptcha.reset).toHaveBeenCalledTimes(1);
    expect(onAsking).not.toHaveBeenCalled();
  });

  it("counts from execute: the time the script took to load is not Google's silence", async () => {
    vi.useFakeTimers();
    const google = fakeGoogle();
    google.grecaptcha.execute.mockImplementationOnce(() => {});
    const recaptcha = createRecaptcha(SETTINGS);
    let ended = false;
    const outcome = failureOf(recaptcha.token(live())).finally(() => {
      ended = true;
    });
    // The script arrives late, within its own limit (waiting for the request moved time a little).
    await requestedScript();
    await vi.advanceTimersByTimeAsync(SCRIPT_LOAD_LIMIT_MS - 1000);
    await loadScript(google);
    await vi.advanceTimersByTimeAsync(SILENT_AFTER_MS - 1);
    expect(ended).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ reason: "silent" });
  });

  it("while offline is a network error: the signup waits to be online and asks again", async () => {
    const turn = await silentTurn();
    vi.stubGlobal("navigator", { onLine: false });
    await vi.advanceTimersByTimeAsync(SILENT_AFTER_MS);
    const error = await turn.outcome;
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toHaveProperty("reason");
  });

  it("a token Google gives after the bound goes to no turn; the next turn runs its own execute", async () => {
    const turn = await silentTurn();
    await vi.advanceTimersByTimeAsync(SILENT_AFTER_MS);
    expect(await turn.outcome).toMatchObject({ reason: "silent" });
    // Google's hung request finally answers, with nobody waiting.
    turn.google.parameters()?.callback("token-late");
    await expect(turn.recaptcha.token(live())).resolves.toBe("token-1");
    expect(turn.google.grecaptcha.execute).toHaveBeenCalledTimes(2);
    expect(turn.google.grecaptcha.reset).toHaveBeenCalledTimes(2);
  });

  it("a token Google gives after the bound while a later turn waits goes to that turn, once (docs/security.md)", async () => {
    const turn = await silentTurn();
    await vi.advanceTimersByTimeAsync(SILENT_AFTER_MS);
    expect(await turn.outcome).toMatchObject({ reason: "silent" });
    // The next turn's execute hangs too; then the first one's answer arrives. Google's callback
    // names no execute, so the waiting turn takes it: a fresh token, never used before.
    turn.google.grecaptcha.execute.mockImplementationOnce(() => {});
    const next = turn.recaptcha.token(live());
    await vi.advanceTimersByTimeAsync(0);
    expect(turn.google.grecaptcha.execute).toHaveBeenCalledTimes(2);
    turn.google.parameters()?.callback("token-late");
    await expect(next).resolves.toBe("token-late");
    // The second execute's own token, should Google still give it, finds no turn: nothing takes it.
    turn.google.parameters()?.callback("token-second");
    await expect(turn.recaptcha.token(live())).resolves.toBe("token-1");
  });

  it("is each turn's own: a turn that got its token leaves no bound behind for the next one", async () => {
    vi.useFakeTimers();
    const google = fakeGoogle();
    const recaptcha = createRecaptcha(SETTINGS);
    const first = recaptcha.token(live());
    await loadScript(google);
    await expect(first).resolves.toBe("token-1");
    await vi.advanceTimersByTimeAsync(SILENT_AFTER_MS / 2);
    google.grecaptcha.execute.mockImplementationOnce(() => {});
    let ended = false;
    const second = failureOf(recaptcha.token(live())).finally(() => {
      ended = true;
    });
    // The moment the first turn's bound would have come.
    await vi.advanceTimersByTimeAsync(SILENT_AFTER_MS / 2);
    expect(ended).toBe(false);
    await vi.advanceTimersByTimeAsync(SILENT_AFTER_MS / 2);
    expect(await second).toMatchObject({ reason: "silent" });
  });

  it("frees the queue: a request waiting behind the silent turn gets its token", async () => {
    vi.useFakeTimers();
    const google = fakeGoogle();
    google.grecaptcha.execute.mockImplementationOnce(() => {});
    const recaptcha = createRecaptcha(SETTINGS);
    const first = failureOf(recaptcha.token(live()));
    const second = recaptcha.token(live());
    await loadScript(google);
    await vi.advanceTimersByTimeAsync(SILENT_AFTER_MS);
    expect(await first).toMatchObject({ reason: "silent" });
    await expect(second).resolves.toBe("token-1");
  });

  it("a challenge shown just before the bound stops it: its visitor is never cut off", async () => {
    const onAsking = vi.fn();
    const turn = await silentTurn(onAsking);
    const frame = challenge();
    await vi.advanceTimersByTimeAsync(SILENT_AFTER_MS - 1);
    frame.show();
    await vi.advanceTimersByTimeAsync(0);
    expect(onAsking.mock.calls).toEqual([[true]]);
    // The visitor takes ten bounds over the pictures.
    await vi.advanceTimersByTimeAsync(10 * SILENT_AFTER_MS);
    expect(turn.ended()).toBe(false);
    turn.google.parameters()?.callback("token-solved");
    expect(await turn.outcome).toEqual(new Error("resolved with a token"));
  });

  it("a challenge already shown when the turn starts stops it too", async () => {
    vi.useFakeTimers();
    const google = fakeGoogle();
    challenge().show();
    google.grecaptcha.execute.mockImplementation(() => {});
    const recaptcha = createRecaptcha(SETTINGS);
    const token = recaptcha.token(live());
    await loadScript(google);
    await vi.advanceTimersByTimeAsync(10 * SILENT_AFTER_MS);
    google.parameters()?.callback("token-solved");
    await expect(token).resolves.toBe("token-solved");
  });

  it("a challenge closed after the bound would have run ends as closed, not silent", async () => {
    const turn = await silentTurn();
    const frame = challenge();
    frame.show();
    await vi.advanceTimersByTimeAsync(2 * SILENT_AFTER_MS);
    frame.hide();
    await vi.advanceTimersByTimeAsync(CLOSED_AFTER_MS);
    expect(await turn.outcome).toMatchObject({ reason: "closed" });
  });
});
