// @vitest-environment happy-dom
/**
 * The form's hook over a stand-in for the signup module: validation before sending, one send at a
 * time, where the form stands (idle, an address kept, invalid, joining and why it waits, not sent),
 * the toasts, the move to /success, the hand-over of a submit the inline loader kept (said to the
 * signup in its options), the address of a failed attempt put back, and the typo hint a send from the
 * form asks first. Texts are typed here, not imported from src/waitlist/texts.ts.
 */
import { act, createElement, Fragment, useRef } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fieldSignals } from "@/analytics/field-signals";
import { markPageHydrated } from "@/lib/page-hydrated";
import { createPageState, PageStateProvider, usePageState } from "./page-state";
import { type ResendQuestion, useAskedQuestion } from "./resend-question";
import { useWaitlistSignup } from "./use-waitlist-signup";

type Outcome = "sent" | "cancelled" | "unknown";
type WaitReason = "crowd" | "trouble" | "offline" | "slow";
type SubmitOptions = {
  honeypot: string;
  keptBeforeApp: boolean;
  onWaiting: (reason: WaitReason) => void;
  onAsking: (asking: boolean) => void;
};

const signup = vi.hoisted(() => ({
  submit: vi.fn<(email: string, options: SubmitOptions) => Promise<Outcome>>(),
  failedEmail: vi.fn<() => string | null>(),
}));
const toasts = vi.hoisted(() => ({
  toast: vi.fn((_input: { title: string; description?: string; variant?: string }) => "toast-1"),
  whenToastAnnounced: vi.fn((_id: string, _maxWaitMs: number) => Promise.resolve()),
}));
const navigate = vi.hoisted(() => vi.fn());

vi.mock("@/waitlist/browser/browser-signup", () => ({
  createBrowserWaitlist: () => ({ signup: () => signup }),
}));
vi.mock("@/hooks/use-toast", () => toasts);
vi.mock("wouter", () => ({ useLocation: () => ["/", navigate] }));

type Hook = ReturnType<typeof useWaitlistSignup>;

let hook: Hook;
/** What the field holds when the form first commits (as served, or typed before the app ran). */
let servedEmail = "";
/** Whether the served form has the honeypot field (a page of an older deploy may name it otherwise). */
let withHoneypot = true;
let root: Root | undefined;
let container: HTMLElement;

/** Every resend question asked, as the note below the form would see them. */
let questions: (ResendQuestion | null)[] = [];

function Listener() {
  questions.push(useAskedQuestion(usePageState().questions));
  return null;
}

function Harness() {
  return createElement(Fragment, null, createElement(Form), createElement(Listener));
}

function Form() {
  const form = useRef<HTMLFormElement>(null);
  const field = useRef<HTMLInputElement>(null);
  hook = useWaitlistSignup({ form, field });
  // Wired as waitlist-form.tsx wires it.
  return createElement(
    "form",
    {
      ref: form,
      onSubmit: hook.onSubmit,
      onPointerDownCapture: hook.onGesture,
      onKeyDownCapture: hook.onGesture,
    },
    createElement("input", {
      ref: field,
      name: "email",
      defaultValue: servedEmail,
      onBlur: (event: { currentTarget: HTMLInputElement }) =>
        hook.onEmailLeave(event.currentTarget.value),
      onInput: (event: { currentTarget: HTMLInputElement }) =>
        hook.onEmailInput(event.currentTarget.value),
    }),
    hook.hint &&
      createElement("button", { type: "button", onClick: hook.takeHint }, hook.hint.corrected),
    withHoneypot && createElement("input", { name: "bw_kx7", defaultValue: "" }),
    createElement("button", { type: "submit" }, "Join Waitlist"),
  );
}

const formElement = () => container.querySelector("form") as HTMLFormElement;
const emailField = () =>
  container.querySelector<HTMLInputElement>('[name="email"]') as HTMLInputElement;
const honeypotField = () =>
  container.querySelector<HTMLInputElement>('[name="bw_kx7"]') as HTMLInputElement;

async function mount() {
  root = createRoot(container);
  // The page's state, its signup the stand-in above.
  const state = createPageState();
  await act(async () =>
    root?.render(createElement(PageStateProvider, { value: state }, createElement(Harness))),
  );
}

/** Submits the form as the browser would; whether the browser's own submit went ahead. */
async function submitWith(email: string, honeypot = ""): Promise<boolean> {
  emailField().value = email;
  honeypotField().value = honeypot;
  let proceeded = true;
  await act(async () => {
    proceeded = formElement().dispatchEvent(
      new Event("submit", { bubbles: true, cancelable: true }),
    );
  });
  return proceeded;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  // The page's root has hydrated (the form's own root can be live before it: a case below).
  document.documentElement.dataset.hydrated = "";
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  servedEmail = "";
  withHoneypot = true;
  container = document.createElement("div");
  document.body.append(container);
  signup.submit.mockReset();
  signup.failedEmail.mockReset().mockReturnValue(null);
  toasts.toast.mockClear();
  toasts.whenToastAnnounced.mockClear();
  navigate.mockReset();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  container.remove();
  delete (window as unknown as Record<string, unknown>).__bulwarkSignup;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("validation", () => {
  it("refuses an invalid address: the message, focus on the field, nothing sent", async () => {
    await mount();
    await submitWith("not-an-address");
    expect(hook.status).toEqual({ kind: "invalid" });
    expect(document.activeElement).toBe(emailField());
    expect(signup.submit).not.toHaveBeenCalled();
  });

  it("an invalid address sent from the field itself: marked so, as no focus moves to say it", async () => {
    await mount();
    emailField().focus();
    await submitWith("not-an-address");
    expect(hook.status).toEqual({ kind: "invalid", inField: true });
    expect(document.activeElement).toBe(emailField());
  });

  it("starts idle: no message, not joining, nothing said to be unsent or kept", async () => {
    await mount();
    expect(hook.status).toEqual({ kind: "idle" });
  });

  it("never lets the browser submit the form itself", async () => {
    await mount();
    expect(await submitWith("nope")).toBe(false);
  });

  it("a valid submit after an invalid one clears the message", async () => {
    signup.submit.mockResolvedValue("sent");
    await mount();
    await submitWith("nope");
    await submitWith("ada@example.com");
    expect(hook.status).toEqual({ kind: "idle" });
    expect(signup.submit).toHaveBeenCalledTimes(1);
  });

  it("clears the message once the field holds a valid address, not before", async () => {
    await mount();
    await submitWith("nope");
    await act(async () => hook.onEmailInput("still nope"));
    expect(hook.status).toEqual({ kind: "invalid" });
    await act(async () => hook.onEmailInput("ada@example.com"));
    expect(hook.status).toEqual({ kind: "idle" });
  });
});

describe("a send", () => {
  it("sends the trimmed address with the honeypot, shows Joining... and then moves to /success", async () => {
    const send = deferred<Outcome>();
    signup.submit.mockReturnValue(send.promise);
    await mount();
    await submitWith("  ada@example.com ", "bot value");
    expect(signup.submit).toHaveBeenCalledTimes(1);
    expect(signup.submit.mock.calls[0]?.[0]).toBe("ada@example.com");
    expect(signup.submit.mock.calls[0]?.[1].honeypot).toBe("bot value");
    // A build without the field signals tells the signup nothing of how it started.
    expect(signup.submit.mock.calls[0]?.[1]).not.toHaveProperty("keptBeforeApp");
    expect(hook.status).toEqual({ kind: "joining" });
    await act(async () => send.resolve("sent"));
    expect(emailField().value).toBe("");
    expect(toasts.toast).toHaveBeenCalledWith({
      title: "Redirecting...",
      description: "Taking you to confirmation page",
    });
    expect(toasts.whenToastAnnounced).toHaveBeenCalledWith("toast-1", 1000);
    expect(navigate).toHaveBeenCalledWith("/success");
    expect(hook.status).toEqual({ kind: "idle" });
  });

  it("waits for the success toast to be announced before moving on", async () => {
    const announced = deferred<void>();
    signup.submit.mockResolvedValue("sent");
    toasts.whenToastAnnounced.mockReturnValueOnce(announced.promise);
    await mount();
    await submitWith("ada@example.com");
    expect(navigate).not.toHaveBeenCalled();
    expect(hook.status).toEqual({ kind: "joining" });
    await act(async () => announced.resolve());
    expect(navigate).toHaveBeenCalledWith("/success");
  });

  it("moves to /success only once the page's root has hydrated too", async () => {
    delete document.documentElement.dataset.hydrated;
    signup.submit.mockResolvedValue("sent");
    await mount();
    await submitWith("ada@example.com");
    expect(toasts.toast).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
    await act(async () => markPageHydrated());
    expect(navigate).toHaveBeenCalledWith("/success");
  });

  it("sends once for a second submit while the first is under way", async () => {
    const send = deferred<Outcome>();
    signup.submit.mockReturnValue(send.promise);
    await mount();
    await submitWith("ada@example.com");
    await submitWith("ada@example.com");
    expect(signup.submit).toHaveBeenCalledTimes(1);
    await act(async () => send.resolve("sent"));
    signup.submit.mockResolvedValue("sent");
    await submitWith("bob@example.com");
    expect(signup.submit).toHaveBeenCalledTimes(2);
  });

  it("says why the signup waits, the latest reason, and stops saying it at the end", async () => {
    const send = deferred<Outcome>();
    signup.submit.mockReturnValue(send.promise);
    await mount();
    await submitWith("ada@example.com");
    expect(hook.status).toEqual({ kind: "joining" });
    await act(async () => signup.submit.mock.calls[0]?.[1].onWaiting("crowd"));
    expect(hook.status).toEqual({ kind: "joining", waiting: "crowd" });
    await act(async () => signup.submit.mock.calls[0]?.[1].onWaiting("trouble"));
    expect(hook.status).toEqual({ kind: "joining", waiting: "trouble" });
    await act(async () => send.resolve("sent"));
    expect(hook.status).toEqual({ kind: "idle" });
  });

  it("says while the bot check waits for the visitor to answer Google, and when it no longer does", async () => {
    const send = deferred<Outcome>();
    signup.submit.mockReturnValue(send.promise);
    await mount();
    await submitWith("ada@example.com");
    const options = signup.submit.mock.calls[0]?.[1];
    await act(async () => options?.onAsking(true));
    expect(hook.status).toEqual({ kind: "joining", waiting: "check" });
    // Answered: still joining, the visitor told nothing new (Joining... was said before).
    await act(async () => options?.onAsking(false));
    expect(hook.status).toEqual({ kind: "joining", answered: true });
    await act(async () => options?.onWaiting("crowd"));
    await act(async () => options?.onAsking(true));
    expect(hook.status).toEqual({ kind: "joining", waiting: "check" });
    await act(async () => send.resolve("sent"));
    expect(hook.status).toEqual({ kind: "idle" });
  });

  it("an address whose last request may have arrived: asks the visitor instead, and stays put", async () => {
    questions = [];
    signup.submit.mockResolvedValue("unknown");
    await mount();
    await submitWith("  ada@example.com ");
    expect(questions.at(-1)).toEqual({ email: "ada@example.com" });
    expect(new Set(questions.filter(Boolean)).size).toBe(1);
    expect(emailField().value).toBe("  ada@example.com ");
    expect(toasts.toast).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(hook.status).toEqual({ kind: "idle" });
  });

  it("a cancelled signup (the page is being left) neither resets the form nor moves on", async () => {
    signup.submit.mockResolvedValue("cancelled");
    await mount();
    await submitWith("ada@example.com");
    expect(emailField().value).toBe("ada@example.com");
    expect(toasts.toast).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(hook.status).toEqual({ kind: "idle" });
  });
});

describe("a failed send", () => {
  it("keeps the address, says it was not sent, shows the destructive toast and logs the error", async () => {
    signup.submit.mockRejectedValue(new Error("429 Too Many Requests"));
    await mount();
    await submitWith("ada@example.com");
    expect(emailField().value).toBe("ada@example.com");
    expect(hook.status).toEqual({ kind: "not-sent" });
    expect(navigate).not.toHaveBeenCalled();
    expect(toasts.toast).toHaveBeenCalledTimes(1);
    expect(toasts.toast.mock.calls[0]?.[0]).toMatchObject({
      title: "Submission failed",
      variant: "destructive",
    });
    expect(console.error).toHaveBeenCalledWith(
      expect.stringMatching(/^Waitlist submission failed: .*429 Too Many Requests/),
    );
  });

  it("a bot check that gave no token is a not-sent like any other in a build without the check", async () => {
    // vitest.config.ts builds the tests as a site without the check (__BOT_CHECK_ON__ false).
    const closed = Object.assign(new Error("reCAPTCHA gave no token: the visitor closed it"), {
      name: "BotCheckUnavailableError",
      reason: "closed",
    });
    signup.submit.mockRejectedValue(closed);
    await mount();
    await submitWith("ada@example.com");
    expect(hook.status).toEqual({ kind: "not-sent" });
    expect(emailField().value).toBe("ada@example.com");
  });

  it("can be tried again, and the next try clears the not-sent note", async () => {
    signup.submit.mockRejectedValueOnce(new Error("offline"));
    const retry = deferred<Outcome>();
    signup.submit.mockReturnValueOnce(retry.promise);
    await mount();
    await submitWith("ada@example.com");
    expect(hook.status).toEqual({ kind: "not-sent" });
    await submitWith("ada@example.com");
    expect(signup.submit).toHaveBeenCalledTimes(2);
    expect(hook.status).toEqual({ kind: "joining" });
    await act(async () => retry.resolve("sent"));
  });
});

describe("an address kept from an earlier failed attempt", () => {
  it("is put back in an empty field and shown as kept, until the visitor sends it", async () => {
    const send = deferred<Outcome>();
    signup.submit.mockReturnValue(send.promise);
    signup.failedEmail.mockReturnValue("ada@example.com");
    await mount();
    expect(emailField().value).toBe("ada@example.com");
    expect(hook.status).toEqual({ kind: "idle", kept: true });
    // Typing in the field says nothing new about it.
    await act(async () => hook.onEmailInput("ada@example.com"));
    expect(hook.status).toEqual({ kind: "idle", kept: true });
    await submitWith("ada@example.com");
    expect(hook.status).toEqual({ kind: "joining" });
    await act(async () => send.reject(new Error("400 Bad Request")));
    expect(hook.status).toEqual({ kind: "not-sent" });
  });

  it("never replaces what the visitor typed before the app ran", async () => {
    signup.failedEmail.mockReturnValue("ada@example.com");
    servedEmail = "grace@example.com";
    await mount();
    expect(emailField().value).toBe("grace@example.com");
    expect(hook.status).toEqual({ kind: "idle" });
  });
});

describe("a submit the inline loader kept", () => {
  function keptSubmit(kept: boolean) {
    const queue = { kept };
    (window as unknown as Record<string, unknown>).__bulwarkSignup = queue;
    return queue;
  }

  it("is sent once the form commits, with what the field says then", async () => {
    signup.submit.mockResolvedValue("sent");
    const queue = keptSubmit(true);
    servedEmail = " ada@example.com";
    await mount();
    expect(queue).toMatchObject({ kept: false, live: true });
    expect(signup.submit).toHaveBeenCalledTimes(1);
    expect(signup.submit.mock.calls[0]?.[0]).toBe("ada@example.com");
    expect(navigate).toHaveBeenCalledWith("/success");
  });

  it("with the field signals on, says so to the signup for that submit only: the next is the form's", async () => {
    // A build with VITE_PLAUSIBLE_DOMAIN (vitest.config.ts defines the constant as a global).
    vi.stubGlobal("__ANALYTICS_ON__", true);
    signup.submit.mockResolvedValue("sent").mockRejectedValueOnce(new Error("offline"));
    keptSubmit(true);
    servedEmail = "ada@example.com";
    await mount();
    await submitWith("ada@example.com");
    expect(signup.submit.mock.calls.map(([, options]) => options.keptBeforeApp)).toEqual([
      true,
      false,
    ]);
  });

  it("from a form without the honeypot field, sends an empty honeypot, not a made-up value", async () => {
    signup.submit.mockResolvedValue("sent");
    keptSubmit(true);
    servedEmail = "ada@example.com";
    withHoneypot = false;
    await mount();
    expect(signup.submit).toHaveBeenCalledTimes(1);
    expect(signup.submit.mock.calls[0]?.[1]).toMatchObject({ honeypot: "" });
  });

  it("is dropped when the visitor emptied the field meanwhile", async () => {
    const queue = keptSubmit(true);
    servedEmail = "   ";
    await mount();
    expect(queue).toMatchObject({ kept: false, live: true });
    expect(signup.submit).not.toHaveBeenCalled();
    // Not even checked: an emptied field is a submit taken back, not an invalid address.
    expect(hook.status).toEqual({ kind: "idle" });
  });

  it("nothing is sent on commit without a kept submit", async () => {
    const queue = keptSubmit(false);
    servedEmail = "ada@example.com";
    await mount();
    expect(queue.kept).toBe(false);
    expect(signup.submit).not.toHaveBeenCalled();
  });
});

describe("the typo hint", () => {
  const SLIP = "Jane@gmial.com";
  const hintButton = () => container.querySelector<HTMLButtonElement>('button[type="button"]');

  /**
   * The form mounted, and the visitor has touched the page: the check, which loads after the first
   * interaction (use-typo-hint.ts, whose own tests cover the time before), is in.
   */
  async function mountTouched() {
    await mount();
    await act(async () => {
      window.dispatchEvent(new Event("pointerdown"));
      await vi.dynamicImportSettled();
    });
  }

  /** A key goes down in the form: what the hint shows now is what the visitor saw as they sent. */
  async function keyDown() {
    await act(async () => {
      emailField().dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    });
  }

  /** The visitor types `value` and leaves the field. */
  async function typeAndLeave(value: string) {
    emailField().focus();
    emailField().value = value;
    await act(async () => emailField().blur());
  }

  it("is shown when the field is left with a slip, and gone when the field holds another address", async () => {
    await mountTouched();
    await typeAndLeave(`  ${SLIP} `);
    expect(hook.hint).toEqual({ typed: SLIP, corrected: "Jane@gmail.com" });
    expect(hintButton()?.textContent).toBe("Jane@gmail.com");
    // The same address again: the same hint stays.
    await act(async () => hook.onEmailInput(SLIP));
    expect(hook.hint).not.toBeNull();
    await act(async () => hook.onEmailInput("Jane@gmial.co"));
    expect(hook.hint).toBeNull();
  });

  it("is not shown for an address without a slip, nor for an invalid one", async () => {
    await mountTouched();
    await typeAndLeave("ada@example.com");
    expect(hook.hint).toBeNull();
    await typeAndLeave("ada@gmial");
    expect(hook.hint).toBeNull();
    expect(hook.status).toEqual({ kind: "idle" });
  });

  it("a send from a field never left holds once, the hint shown; the next sends as typed, once", async () => {
    signup.submit.mockResolvedValue("sent");
    await mountTouched();
    emailField().focus();
    await keyDown();
    await submitWith(SLIP);
    expect(signup.submit).not.toHaveBeenCalled();
    expect(hook.hint).toEqual({ typed: SLIP, corrected: "Jane@gmail.com" });
    expect(hook.status).toEqual({ kind: "idle" });
    // Leaving the field now keeps it: it was shown, not yet answered.
    await act(async () => emailField().blur());
    expect(hook.hint).toEqual({ typed: SLIP, corrected: "Jane@gmail.com" });
    await keyDown();
    await submitWith(SLIP);
    expect(signup.submit).toHaveBeenCalledTimes(1);
    expect(signup.submit.mock.calls[0]?.[0]).toBe(SLIP);
    expect(hook.hint).toBeNull();
  });

  it("a press on Join that leaves the field: the hint it brings holds that send", async () => {
    signup.submit.mockResolvedValue("sent");
    await mountTouched();
    emailField().focus();
    emailField().value = SLIP;
    // The press goes down before the field is left (the browser moves focus as it does).
    await act(async () => {
      formElement().dispatchEvent(new Event("pointerdown", { bubbles: true }));
      emailField().blur();
    });
    expect(hook.hint).not.toBeNull();
    await submitWith(SLIP);
    expect(signup.submit).not.toHaveBeenCalled();
  });

  it("left with its hint shown, the address is sent as typed at the next send, and not questioned again", async () => {
    signup.submit.mockRejectedValueOnce(new Error("offline")).mockResolvedValue("sent");
    await mountTouched();
    await typeAndLeave(SLIP);
    await keyDown();
    await submitWith(SLIP);
    expect(signup.submit).toHaveBeenCalledTimes(1);
    expect(hook.status).toEqual({ kind: "not-sent" });
    // Tried again: sent as typed at once, no hint again.
    await typeAndLeave(SLIP);
    expect(hook.hint).toBeNull();
    await submitWith(SLIP);
    expect(signup.submit.mock.calls.map(([email]) => email)).toEqual([SLIP, SLIP]);
  });

  it("taken: the corrected address in the field, focus back on it, and that is what is sent", async () => {
    signup.submit.mockResolvedValue("sent");
    await mountTouched();
    await typeAndLeave(SLIP);
    await act(async () => hintButton()?.click());
    expect(emailField().value).toBe("Jane@gmail.com");
    expect(document.activeElement).toBe(emailField());
    expect(hook.hint).toBeNull();
    await keyDown();
    await submitWith(emailField().value);
    expect(signup.submit.mock.calls.map(([email]) => email)).toEqual(["Jane@gmail.com"]);
  });

  it("a submit the inline loader kept is sent as typed: no hint was seen before the app ran", async () => {
    signup.submit.mockResolvedValue("sent");
    (window as unknown as Record<string, unknown>).__bulwarkSignup = { kept: true };
    servedEmail = SLIP;
    await mountTouched();
    expect(signup.submit.mock.calls.map(([email]) => email)).toEqual([SLIP]);
    expect(hook.hint).toBeNull();
  });

  it("with the field signals on, each hint that goes is one event saying whether it was taken", async () => {
    vi.stubGlobal("__ANALYTICS_ON__", true);
    const track = vi.spyOn(fieldSignals, "track").mockImplementation(() => undefined);
    signup.submit.mockResolvedValue("sent");
    await mountTouched();
    const hintEvents = () => track.mock.calls.filter(([event]) => event.name === "Typo Hint");
    await typeAndLeave(SLIP);
    await act(async () => hintButton()?.click());
    await typeAndLeave("jane@acme.con");
    // Left again: the same hint, no event.
    await typeAndLeave("jane@acme.con");
    await act(async () => hook.onEmailInput("jane@acme.co"));
    await typeAndLeave("jane@outlook.cmo");
    await keyDown();
    await submitWith("jane@outlook.cmo");
    expect(hintEvents().map(([event]) => event)).toEqual([
      { name: "Typo Hint", props: { taken: "yes" } },
      { name: "Typo Hint", props: { taken: "no" } },
      { name: "Typo Hint", props: { taken: "no" } },
    ]);
  });
});
