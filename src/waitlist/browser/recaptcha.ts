/** Google's reCAPTCHA v2 invisible for the waitlist (docs/behaviour.md, "The bot check (optional)"). */
import {
  type BotCheckFailure,
  BotCheckUnavailableError,
  type Grecaptcha,
  watchChallenge,
} from "./recaptcha-challenge";

const READY_CALLBACK = "bulwarkRecaptchaReady";
/** A script that neither loads nor fails within this long is treated as blocked. */
export const SCRIPT_LOAD_LIMIT_MS = 10_000;
const NOT_LOADED = `its script did not load within ${SCRIPT_LOAD_LIMIT_MS} ms`;
/** An execute with no token and no challenge this long after is silent (docs/behaviour.md, "The bot check (optional)", why). */
export const SILENT_AFTER_MS = 10_000;
const SILENT = `no token and no challenge within ${SILENT_AFTER_MS} ms of execute`;
type Scope = typeof globalThis & Record<string, unknown> & { grecaptcha?: Grecaptcha };
type OnAsking = (asking: boolean) => void;

type Settings = { siteKey: string; origin: string };
type Check = Settings & {
  scope: Scope;
  widget?: Promise<{ grecaptcha: Grecaptcha; id: number }>;
  /** The turn waiting for a token: a late token goes to it (docs/behaviour.md, "The bot check (optional)"). */
  waiter?: { resolve(token: string): void; reject(error: Error): void };
  /** One token at a time: the widget answers one execute at a time. */
  queue: Promise<unknown>;
  focusHome?: HTMLElement | null;
  /** A turn ended without a token: focus comes back once the form shows that ending. */
  focusOwed?: boolean;
};

/** A challenge Google showed had focus in its frame: the visitor goes on from the form. */
function bringFocusHome(check: Check) {
  check.focusOwed = false;
  const active = check.scope.document.activeElement;
  const lost = !active || active === check.scope.document.body || active.tagName === "IFRAME";
  if (lost && check.focusHome?.isConnected) check.focusHome.focus();
}

/** Offline, a failure is the network's: the delivery waits for it and asks again. */
const unavailable = (scope: Scope, cause: BotCheckFailure, detail: string): Error =>
  scope.navigator?.onLine === false
    ? new TypeError(`reCAPTCHA could not run while offline: ${detail}`)
    : new BotCheckUnavailableError(cause, detail);

function loadScript(scope: Scope, origin: string): Promise<Grecaptcha> {
  return new Promise((resolve, reject) => {
    const script = scope.document.createElement("script");
    const fail = (detail: string) => {
      clearTimeout(limit);
      script.remove();
      delete scope[READY_CALLBACK];
      reject(unavailable(scope, "blocked", detail));
    };
    const limit = setTimeout(() => fail(NOT_LOADED), SCRIPT_LOAD_LIMIT_MS);
    scope[READY_CALLBACK] = () => {
      clearTimeout(limit);
      delete scope[READY_CALLBACK];
      if (scope.grecaptcha) resolve(scope.grecaptcha);
      else fail("its script loaded without grecaptcha");
    };
    script.onerror = () => fail("its script was blocked or did not arrive");
    script.async = true;
    script.src = `${origin}/recaptcha/api.js?onload=${READY_CALLBACK}&render=explicit&hl=en`;
    scope.document.head.append(script);
  });
}

/** Loads the script and renders the widget, once; a failure lets the next call try again. */
function ready(check: Check) {
  check.widget ??= loadScript(check.scope, check.origin).then((grecaptcha) => {
    // Off-screen: the badge may be hidden, as the privacy line says reCAPTCHA protects the form.
    const container = check.scope.document.createElement("div");
    Object.assign(container.style, { position: "absolute", left: "-9999px", top: "0" });
    check.scope.document.body.append(container);
    const id = grecaptcha.render(container, {
      sitekey: check.siteKey,
      size: "invisible",
      badge: "inline",
      callback: (token) => check.waiter?.resolve(token),
      "expired-callback": () =>
        check.waiter?.reject(new BotCheckUnavailableError("expired", "the challenge expired")),
      "error-callback": () =>
        check.waiter?.reject(unavailable(check.scope, "error", "Google reported an error")),
    });
    return { grecaptcha, id };
  });
  check.widget.catch(() => {
    check.widget = undefined;
  });
  return check.widget;
}

/** Ends the waiting turn without a token if Google stays silent or the challenge is closed. */
function watchTurn(check: Check, onAsking: OnAsking): () => void {
  // Set before the watch starts: a challenge already shown stops it at once.
  const silence = setTimeout(
    () => check.waiter?.reject(unavailable(check.scope, "silent", SILENT)),
    SILENT_AFTER_MS,
  );
  const stopWatching = watchChallenge(
    check.scope.document,
    (shown) => {
      clearTimeout(silence);
      onAsking(shown);
    },
    () =>
      check.waiter?.reject(
        new BotCheckUnavailableError("closed", "the visitor closed the challenge"),
      ),
  );
  return () => {
    clearTimeout(silence);
    stopWatching();
  };
}

/** One execute: a token, or why none came; the challenge watched, the widget reset after. */
async function takeToken(check: Check, signal: AbortSignal, onAsking: OnAsking): Promise<string> {
  signal.throwIfAborted();
  const { grecaptcha, id } = await ready(check);
  signal.throwIfAborted();
  let stopWatching = () => {};
  let taken = false;
  const abort = () => check.waiter?.reject(signal.reason);
  try {
    const token = await new Promise<string>((resolve, reject) => {
      check.waiter = { resolve, reject };
      signal.addEventListener("abort", abort, { once: true });
      stopWatching = watchTurn(check, onAsking);
      grecaptcha.execute(id);
    });
    taken = true;
    return token;
  } finally {
    signal.removeEventListener("abort", abort);
    stopWatching();
    grecaptcha.reset(id);
    if (taken) bringFocusHome(check);
    else check.focusOwed = true;
  }
}

/** The page's check over `scope`. */
export function createRecaptcha(settings: Settings, scope: Scope = globalThis as Scope) {
  const check: Check = { ...settings, scope, queue: Promise.resolve() };
  return {
    /** Starts loading the script (the visitor showed intent); a failure is told at the send. */
    warmUp: (): void => void ready(check).catch(() => {}),
    /** Focus returns here after a challenge (the form's submit button). */
    returnFocusTo: (element: HTMLElement | null): void => {
      check.focusHome = element;
    },
    /** The form is usable again: focus a challenge took in a turn with no token comes back now. */
    formSettled: (): void => {
      if (check.focusOwed) bringFocusHome(check);
    },
    /** A fresh token for one request, one turn at a time; `onAsking`: a challenge is shown. */
    token: (signal: AbortSignal, onAsking: OnAsking = () => {}): Promise<string> => {
      const turn = check.queue.then(() => takeToken(check, signal, onAsking));
      check.queue = turn.catch(() => {});
      // A turn still queued, or waiting for the script, ends at once too: its own turn then finds
      // the signal aborted and asks Google nothing.
      return new Promise((resolve, reject) => {
        const abort = () => reject(signal.reason);
        signal.addEventListener("abort", abort, { once: true });
        turn.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
      });
    },
  };
}

export type Recaptcha = ReturnType<typeof createRecaptcha>;
