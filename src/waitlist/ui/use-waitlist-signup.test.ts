// @vitest-environment happy-dom
/**
 * The form's hook over a stand-in for the page's waitlist (browser-signup.ts): validation before
 * sending, one send at a time, where the form stands (idle, an address kept, invalid, joining and
 * why it waits, not sent), how a delivery's ending shows (the toasts, the move to /success, nothing
 * for a cancelled one), the honeypot, the hand-over of a submit the inline loader kept (delivered
 * as started "before-app"), the address of a failed attempt put back from the pending records, what
 * the waitlist's parts are told (the field is live, the form has settled) and the typo hint a send
 * from the form asks first. Texts are typed here, not imported from src/waitlist/texts.ts.
 */
import { act, createElement, useRef } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fieldSignals } from "@/analytics/field-signals";
import { markPageHydrated } from "@/lib/page-hydrated";
import type { DeliveryEvent, DeliveryOptions, Ending, Start } from "@/waitlist/core/delivery-deps";
import type { PendingRecord } from "@/waitlist/core/signup-record";
import { createPageState, PageStateProvider } from "./page-state";
import { useWaitlistSignup } from "./use-waitlist-signup";

const waitlist = vi.hoisted(() => ({
  deliver: vi.fn<(email: string, start: Start, options?: DeliveryOptions) => Promise<Ending>>(),
  pending: vi.fn<() => Promise<PendingRecord[]>>(async () => []),
  fieldReady: vi.fn<(field: HTMLInputElement) => void>(),
  settled: vi.fn<() => void>(),
  cancel: vi.fn(),
  signedUpHere: vi.fn(),
}));
const toasts = vi.hoisted(() => ({
  toast: vi.fn((_input: { title: string; description?: string; variant?: string }) => "toast-1"),
  whenToastAnnounced: vi.fn((_id: string, _maxWaitMs: number) => Promise.resolve()),
}));
const navigate = vi.hoisted(() => vi.fn());

vi.mock("@/waitlist/browser/browser-signup", () => ({ createBrowserWaitlist: () => waitlist }));
vi.mock("@/hooks/use-toast", () => toasts);
vi.mock("wouter", () => ({ useLocation: () => ["/", navigate] }));

const SENT: Ending = { outcome: "sent" };
const failedWith = (error: unknown): Ending => ({ outcome: "failed", error });
const REDIRECTING = { title: "Redirecting...", description: "Taking you to confirmation page" };

let hook: ReturnType<typeof useWaitlistSignup>;
/** What the field holds when the form first commits (as served, or typed before the app ran). */
let servedEmail = "";
/** Whether the served form has the field, and the honeypot (a page of an older deploy may not). */
let withField = true;
let withHoneypot = true;
let root: Root | undefined;
let container: HTMLElement;

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
      onPointerDownCapture: hook.typo.onGesture,
      onKeyDownCapture: hook.typo.onGesture,
    },
    withField &&
      createElement("input", {
        ref: field,
        name: "email",
        defaultValue: servedEmail,
        onBlur: (event: { currentTarget: HTMLInputElement }) =>
          hook.typo.onLeave(event.currentTarget.value),
        onInput: (event: { currentTarget: HTMLInputElement }) =>
          hook.onEmailInput(event.currentTarget.value),
      }),
    hook.typo.hint &&
      createElement(
        "button",
        { type: "button", onClick: hook.typo.take },
        hook.typo.hint.corrected,
      ),
    withHoneypot && createElement("input", { name: "bw_kx7", defaultValue: "" }),
    createElement("button", { type: "submit" }, "Join Waitlist"),
  );
}

const formElement = () => container.querySelector("form") as HTMLFormElement;
const emailField = () =>
  container.querySelector<HTMLInputElement>('[name="email"]') as HTMLInputElement;
const honeypotField = () =>
  container.querySelector<HTMLInputElement>('[name="bw_kx7"]') as HTMLInputElement;
/** Where the latest delivery tells its events. */
const events = () => waitlist.deliver.mock.lastCall?.[2]?.onEvent as (e: DeliveryEvent) => void;
const tell = (event: DeliveryEvent) => act(async () => events()(event));

async function mount() {
  root = createRoot(container);
  // The page's state, its waitlist the stand-in above.
  const state = createPageState();
  await act(async () =>
    root?.render(createElement(PageStateProvider, { value: state }, createElement(Form))),
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
  const promise = new Promise<T>((ok) => {
    resolve = ok;
  });
  return { promise, resolve };
}

/** A delivery that ends when the test says. */
function held() {
  const ending = deferred<Ending>();
  waitlist.deliver.mockReturnValueOnce(ending.promise);
  return ending;
}

beforeEach(() => {
  // The page's root has hydrated (the form's own root can be live before it: a case below).
  document.documentElement.dataset.hydrated = "";
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  servedEmail = "";
  withField = true;
  withHoneypot = true;
  container = document.createElement("div");
  document.body.append(container);
  waitlist.deliver.mockReset().mockResolvedValue(SENT);
  waitlist.pending.mockReset().mockResolvedValue([]);
  waitlist.fieldReady.mockClear();
  waitlist.settled.mockClear();
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
  it("starts idle, and refuses an invalid address: the message, focus on the field, nothing sent", async () => {
    await mount();
    expect(hook.status).toEqual({ kind: "idle" });
    // The browser never submits the form itself.
    expect(await submitWith("not-an-address")).toBe(false);
    expect(hook.status).toEqual({ kind: "invalid" });
    expect(document.activeElement).toBe(emailField());
    expect(waitlist.deliver).not.toHaveBeenCalled();
  });

  it("an invalid address sent from the field itself: marked so, as no focus moves to say it", async () => {
    await mount();
    emailField().focus();
    await submitWith("not-an-address");
    expect(hook.status).toEqual({ kind: "invalid", inField: true });
    expect(document.activeElement).toBe(emailField());
  });

  it("clears the message once the field holds a valid address (not before), or one is sent", async () => {
    await mount();
    await submitWith("nope");
    await act(async () => hook.onEmailInput("still nope"));
    expect(hook.status).toEqual({ kind: "invalid" });
    await act(async () => hook.onEmailInput("ada@example.com"));
    expect(hook.status).toEqual({ kind: "idle" });
    await submitWith("nope");
    await submitWith("ada@example.com");
    expect(hook.status).toEqual({ kind: "idle" });
    expect(waitlist.deliver).toHaveBeenCalledTimes(1);
  });
});

describe("a send", () => {
  it("delivers the trimmed address from the form, shows Joining... and then moves to /success", async () => {
    const send = held();
    await mount();
    await submitWith("  ada@example.com ");
    expect(waitlist.deliver).toHaveBeenCalledTimes(1);
    expect(waitlist.deliver).toHaveBeenCalledWith("ada@example.com", "form", {
      onEvent: expect.any(Function),
    });
    expect(hook.status).toEqual({ kind: "joining" });
    await act(async () => send.resolve(SENT));
    expect(emailField().value).toBe("");
    expect(toasts.toast).toHaveBeenCalledWith(REDIRECTING);
    expect(toasts.whenToastAnnounced).toHaveBeenCalledWith("toast-1", 1000);
    expect(navigate).toHaveBeenCalledWith("/success");
    expect(hook.status).toEqual({ kind: "idle" });
  });

  it("an address another tab or an earlier page already sent ends as a send", async () => {
    waitlist.deliver.mockResolvedValue({ outcome: "already-sent" });
    await mount();
    await submitWith("ada@example.com");
    expect(emailField().value).toBe("");
    expect(toasts.toast).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith("/success");
  });

  it("waits for the success toast to be announced before moving on", async () => {
    const announced = deferred<void>();
    toasts.whenToastAnnounced.mockReturnValueOnce(announced.promise);
    await mount();
    await submitWith("ada@example.com");
    expect(navigate).not.toHaveBeenCalled();
    expect(hook.status).toEqual({ kind: "joining" });
    await act(async () => announced.resolve());
    expect(navigate).toHaveBeenCalledWith("/success");
    expect(hook.status).toEqual({ kind: "idle" });
  });

  it("moves to /success only once the page's root has hydrated too", async () => {
    delete document.documentElement.dataset.hydrated;
    await mount();
    await submitWith("ada@example.com");
    expect(toasts.toast).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
    await act(async () => markPageHydrated());
    expect(navigate).toHaveBeenCalledWith("/success");
  });

  it("sends once for a second submit while the first is under way, and again once it ended", async () => {
    const send = held();
    await mount();
    await submitWith("ada@example.com");
    await submitWith("ada@example.com");
    expect(waitlist.deliver).toHaveBeenCalledTimes(1);
    await act(async () => send.resolve(SENT));
    await submitWith("bob@example.com");
    expect(waitlist.deliver).toHaveBeenCalledTimes(2);
  });

  it("says why the signup waits (the latest reason, the bot check asking), and stops at the end", async () => {
    const send = held();
    await mount();
    await submitWith("ada@example.com");
    for (const reason of ["crowd", "trouble", "offline", "slow"] as const) {
      await tell({ type: "waiting", reason });
      expect(hook.status).toEqual({ kind: "joining", waiting: reason });
    }
    // What else a delivery tells says nothing new to the visitor.
    await tell({ type: "taken-over" });
    expect(hook.status).toEqual({ kind: "joining", waiting: "slow" });
    // The bot check waits for the visitor to answer Google's challenge.
    await tell({ type: "asking", asking: true });
    expect(hook.status).toEqual({ kind: "joining", waiting: "check" });
    // Answered: still joining, the visitor told nothing new (Joining... was said before).
    await tell({ type: "asking", asking: false });
    expect(hook.status).toEqual({ kind: "joining", answered: true });
    await tell({ type: "waiting", reason: "crowd" });
    await tell({ type: "asking", asking: true });
    expect(hook.status).toEqual({ kind: "joining", waiting: "check" });
    await act(async () => send.resolve(SENT));
    expect(hook.status).toEqual({ kind: "idle" });
  });

  it("a cancelled signup (the page is being left) neither resets the form nor moves on", async () => {
    waitlist.deliver.mockResolvedValueOnce({ outcome: "cancelled" });
    await mount();
    await submitWith("ada@example.com");
    expect(emailField().value).toBe("ada@example.com");
    expect(toasts.toast).not.toHaveBeenCalled();
    expect(console.error).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(hook.status).toEqual({ kind: "idle" });
    // A page restored from the back-forward cache sends again.
    await submitWith("ada@example.com");
    expect(waitlist.deliver).toHaveBeenCalledTimes(2);
  });

  it("a send that ends after the form has gone still moves to /success", async () => {
    const send = held();
    await mount();
    await submitWith("ada@example.com");
    await act(async () => root?.unmount());
    root = undefined;
    await act(async () => send.resolve(SENT));
    expect(navigate).toHaveBeenCalledWith("/success");
  });

  it("a filled honeypot is a bot: the form reset and told all went well, nothing delivered", async () => {
    await mount();
    await submitWith("ada@example.com", "bot value");
    expect(waitlist.deliver).not.toHaveBeenCalled();
    expect(emailField().value).toBe("");
    expect(honeypotField().value).toBe("");
    expect(toasts.toast).toHaveBeenCalledWith(REDIRECTING);
    expect(navigate).toHaveBeenCalledWith("/success");
    expect(hook.status).toEqual({ kind: "idle" });
  });
});

describe("a failed send", () => {
  it("keeps the address, says it was not sent, shows the destructive toast and logs the error", async () => {
    waitlist.deliver.mockResolvedValueOnce(failedWith(new Error("429 Too Many Requests")));
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
    expect(console.error).toHaveBeenCalledWith("Waitlist submission failed: 429 Too Many Requests");
    // Tried again: the next try clears the not-sent note.
    const retry = held();
    await submitWith("ada@example.com");
    expect(waitlist.deliver).toHaveBeenCalledTimes(2);
    expect(hook.status).toEqual({ kind: "joining" });
    await act(async () => retry.resolve(SENT));
  });

  it("a bot check that gave no token says why: the form tells the visitor what to do", async () => {
    const closed = Object.assign(new Error("reCAPTCHA gave no token: the visitor closed it"), {
      name: "BotCheckUnavailableError",
      reason: "closed",
    });
    waitlist.deliver.mockResolvedValue({ outcome: "failed", error: closed });
    await mount();
    await submitWith("ada@example.com");
    expect(hook.status).toEqual({ kind: "not-sent", botCheck: "closed" });
    expect(emailField().value).toBe("ada@example.com");
  });
});

describe("what the waitlist's parts are told", () => {
  it("the field once live; that the form has settled as it shows, never while joining", async () => {
    const send = held();
    await mount();
    expect(waitlist.fieldReady).toHaveBeenCalledTimes(1);
    expect(waitlist.fieldReady).toHaveBeenCalledWith(emailField());
    expect(waitlist.settled).toHaveBeenCalledTimes(1);
    await submitWith("ada@example.com");
    await tell({ type: "asking", asking: true });
    await tell({ type: "asking", asking: false });
    expect(waitlist.settled).toHaveBeenCalledTimes(1);
    await act(async () => send.resolve(failedWith(new Error("offline"))));
    expect(waitlist.settled).toHaveBeenCalledTimes(2);
    await submitWith("ada@example.com");
    expect(waitlist.settled).toHaveBeenCalledTimes(3);
  });

  it("nothing from a form without the field (an older deploy's page), nor a kept submit sent", async () => {
    withField = false;
    (window as unknown as Record<string, unknown>).__bulwarkSignup = { kept: true };
    await mount();
    expect(waitlist.fieldReady).not.toHaveBeenCalled();
    expect(waitlist.deliver).not.toHaveBeenCalled();
    expect(hook.status).toEqual({ kind: "idle" });
  });
});

describe("an address kept from an earlier failed attempt", () => {
  const failed = (email: string): PendingRecord => ({ state: "failed", email, day: 0 });
  const SENDING = { state: "sending", email: "bob@example.com", day: 0 } as PendingRecord;

  it("the latest is put back in an empty field and shown as kept, until the visitor sends it", async () => {
    waitlist.pending.mockResolvedValue([
      failed("ada@example.com"),
      failed("grace@example.com"),
      SENDING,
    ]);
    await mount();
    expect(emailField().value).toBe("grace@example.com");
    expect(hook.status).toEqual({ kind: "idle", kept: true });
    // Typing in the field says nothing new about it.
    await act(async () => hook.onEmailInput("grace@example.com"));
    expect(hook.status).toEqual({ kind: "idle", kept: true });
    const send = held();
    await submitWith("grace@example.com");
    expect(waitlist.deliver).toHaveBeenCalledWith("grace@example.com", "form", expect.anything());
    expect(hook.status).toEqual({ kind: "joining" });
    await act(async () => send.resolve(failedWith(new Error("400"))));
    expect(hook.status).toEqual({ kind: "not-sent" });
  });

  it("never replaces what the visitor typed before the app ran", async () => {
    waitlist.pending.mockResolvedValue([failed("ada@example.com")]);
    servedEmail = "grace@example.com";
    await mount();
    expect(emailField().value).toBe("grace@example.com");
    expect(hook.status).toEqual({ kind: "idle" });
  });

  it("a signup still being sent is not one: the field stays empty", async () => {
    waitlist.pending.mockResolvedValue([SENDING]);
    await mount();
    expect(emailField().value).toBe("");
    expect(hook.status).toEqual({ kind: "idle" });
  });

  it("found while the form says the field is invalid: put back, the message stays", async () => {
    const records = deferred<PendingRecord[]>();
    waitlist.pending.mockReturnValue(records.promise);
    await mount();
    await submitWith("");
    await act(async () => records.resolve([failed("ada@example.com")]));
    expect(emailField().value).toBe("ada@example.com");
    expect(hook.status).toEqual({ kind: "invalid" });
  });
});

describe("a submit the inline loader kept", () => {
  function keptSubmit(kept: boolean) {
    const queue = { kept };
    (window as unknown as Record<string, unknown>).__bulwarkSignup = queue;
    return queue;
  }

  it("is delivered as the form commits, with what the field says then; the next is the form's", async () => {
    const queue = keptSubmit(true);
    servedEmail = " ada@example.com";
    await mount();
    expect(queue).toMatchObject({ kept: false, live: true });
    expect(waitlist.deliver).toHaveBeenCalledTimes(1);
    expect(waitlist.deliver).toHaveBeenCalledWith("ada@example.com", "before-app", {
      onEvent: expect.any(Function),
    });
    expect(navigate).toHaveBeenCalledWith("/success");
    // Only that submit: the next is the form's.
    await submitWith("bob@example.com");
    expect(waitlist.deliver.mock.calls.map(([, start]) => start)).toEqual(["before-app", "form"]);
  });

  it("from a form without the honeypot field, is delivered: no honeypot is not a filled one", async () => {
    keptSubmit(true);
    servedEmail = "ada@example.com";
    withHoneypot = false;
    await mount();
    expect(waitlist.deliver).toHaveBeenCalledTimes(1);
  });

  it("is dropped when the visitor emptied the field meanwhile", async () => {
    const queue = keptSubmit(true);
    servedEmail = "   ";
    await mount();
    expect(queue).toMatchObject({ kept: false, live: true });
    expect(waitlist.deliver).not.toHaveBeenCalled();
    // Not even checked: an emptied field is a submit taken back, not an invalid address.
    expect(hook.status).toEqual({ kind: "idle" });
  });

  it("nothing is sent on commit without a kept submit", async () => {
    const queue = keptSubmit(false);
    servedEmail = "ada@example.com";
    await mount();
    expect(queue.kept).toBe(false);
    expect(waitlist.deliver).not.toHaveBeenCalled();
  });
});

describe("the typo hint", () => {
  const SLIP = "Jane@gmial.com";
  const hintButton = () => container.querySelector<HTMLButtonElement>('button[type="button"]');

  /** Mounted, the page touched: the check, loaded after the first interaction, is in. */
  async function mountTouched() {
    await mount();
    await act(async () => {
      window.dispatchEvent(new Event("pointerdown"));
      await vi.dynamicImportSettled();
    });
  }

  /** A key goes down in the form: the hint shown now is what the visitor saw as they sent. */
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
    expect(hook.typo.hint).toEqual({ typed: SLIP, corrected: "Jane@gmail.com" });
    expect(hintButton()?.textContent).toBe("Jane@gmail.com");
    // The same address again: the same hint stays.
    await act(async () => hook.onEmailInput(SLIP));
    expect(hook.typo.hint).not.toBeNull();
    await act(async () => hook.onEmailInput("Jane@gmial.co"));
    expect(hook.typo.hint).toBeNull();
  });

  it("is not shown for an address without a slip, nor for an invalid one", async () => {
    await mountTouched();
    await typeAndLeave("ada@example.com");
    expect(hook.typo.hint).toBeNull();
    await typeAndLeave("ada@gmial");
    expect(hook.typo.hint).toBeNull();
    expect(hook.status).toEqual({ kind: "idle" });
  });

  it("a send from a field never left holds once, the hint shown; the next sends as typed, once", async () => {
    await mountTouched();
    emailField().focus();
    await keyDown();
    await submitWith(SLIP);
    expect(waitlist.deliver).not.toHaveBeenCalled();
    expect(hook.typo.hint).toEqual({ typed: SLIP, corrected: "Jane@gmail.com" });
    expect(hook.status).toEqual({ kind: "idle" });
    // Leaving the field now keeps it: it was shown, not yet answered.
    await act(async () => emailField().blur());
    expect(hook.typo.hint).toEqual({ typed: SLIP, corrected: "Jane@gmail.com" });
    await keyDown();
    await submitWith(SLIP);
    expect(waitlist.deliver).toHaveBeenCalledTimes(1);
    expect(waitlist.deliver.mock.calls[0]?.[0]).toBe(SLIP);
    expect(hook.typo.hint).toBeNull();
  });

  it("a press on Join that leaves the field: the hint it brings holds that send", async () => {
    await mountTouched();
    emailField().focus();
    emailField().value = SLIP;
    // The press goes down before the field is left (the browser moves focus as it does).
    await act(async () => {
      formElement().dispatchEvent(new Event("pointerdown", { bubbles: true }));
      emailField().blur();
    });
    expect(hook.typo.hint).not.toBeNull();
    await submitWith(SLIP);
    expect(waitlist.deliver).not.toHaveBeenCalled();
  });

  it("left with its hint shown, the address is sent as typed at the next send, and not questioned again", async () => {
    waitlist.deliver.mockResolvedValueOnce(failedWith(new Error("offline")));
    await mountTouched();
    await typeAndLeave(SLIP);
    await keyDown();
    await submitWith(SLIP);
    expect(waitlist.deliver).toHaveBeenCalledTimes(1);
    expect(hook.status).toEqual({ kind: "not-sent" });
    // Tried again: sent as typed at once, no hint again.
    await typeAndLeave(SLIP);
    expect(hook.typo.hint).toBeNull();
    await submitWith(SLIP);
    expect(waitlist.deliver.mock.calls.map(([email]) => email)).toEqual([SLIP, SLIP]);
  });

  it("taken: the corrected address in the field, focus back on it, and that is what is sent", async () => {
    await mountTouched();
    await typeAndLeave(SLIP);
    await act(async () => hintButton()?.click());
    expect(emailField().value).toBe("Jane@gmail.com");
    expect(document.activeElement).toBe(emailField());
    expect(hook.typo.hint).toBeNull();
    await keyDown();
    await submitWith(emailField().value);
    expect(waitlist.deliver.mock.calls.map(([email]) => email)).toEqual(["Jane@gmail.com"]);
  });

  it("a submit the inline loader kept is sent as typed: no hint was seen before the app ran", async () => {
    (window as unknown as Record<string, unknown>).__bulwarkSignup = { kept: true };
    servedEmail = SLIP;
    await mountTouched();
    expect(waitlist.deliver.mock.calls.map(([email]) => email)).toEqual([SLIP]);
    expect(hook.typo.hint).toBeNull();
  });

  it("with the field signals on, each hint that goes is one event saying whether it was taken", async () => {
    vi.stubGlobal("__ANALYTICS_ON__", true);
    const track = vi.spyOn(fieldSignals, "track").mockImplementation(() => undefined);
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
