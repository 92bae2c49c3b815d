/**
 * Google's reCAPTCHA v2 invisible, as the waitlist uses it (docs/security.md, "The bot check"): its
 * script loaded once, on the visitor's intent; one invisible widget; a fresh token before every
 * request, taken before the request's time limits start, since Google may first show a challenge
 * that takes a minute. A challenge closed without a token, or an execute that neither gives a token
 * nor shows a challenge in time, ends the turn (recaptcha-challenge.ts), so the visitor is never
 * left on Joining... The widget is reset at every ending (a token is single-use, for two minutes).
 * Focus a challenge took comes back to the form's button: at once with a token, else once the form
 * is usable again (`formSettled`). Loaded lazily by bot-check.ts, only where the check is on.
 */
import {
  type BotCheckFailure,
  BotCheckUnavailableError,
  type Grecaptcha,
  watchChallenge,
} from "./recaptcha-challenge";

/** What Google's api.js calls once it is ready (its `onload` parameter). */
const READY_CALLBACK = "bulwarkRecaptchaReady";
/** A script that neither loads nor fails within this long is treated as blocked. */
export const SCRIPT_LOAD_LIMIT_MS = 10_000;
/**
 * An execute that neither called back nor showed a challenge within this long is taken as silent
 * (docs/behaviour.md, "The bot check (optional)", for why this long). A challenge shown stops it:
 * a visitor answering one is never cut off, and its own endings apply.
 */
export const SILENT_AFTER_MS = 10_000;
type Scope = typeof globalThis & Record<string, unknown> & { grecaptcha?: Grecaptcha };

export type RecaptchaSettings = { siteKey: string; origin: string };

/** The turn waiting for a token, and how it ends. */
type Waiter = { resolve(token: string): void; reject(error: Error): void };

type Check = RecaptchaSettings & {
  scope: Scope;
  /** The script loaded and the widget rendered, once (a failure lets the next call try again). */
  widget?: Promise<{ grecaptcha: Grecaptcha; id: number }>;
  /** The turn waiting for a token, if one is. */
  waiter?: Waiter;
  /** One token at a time: the widget answers one execute at a time. */
  queue: Promise<unknown>;
  /** Where focus goes back to after a challenge took it (the form's button). */
  focusHome: HTMLElement | null;
  /** A turn ended without a token: focus comes back once the form shows that ending. */
  focusOwed: boolean;
};

/** A challenge Google showed had focus in its frame: the visitor goes on from the form. */
function bringFocusHome(check: Check) {
  check.focusOwed = false;
  const active = check.scope.document.activeElement;
  const lost = !active || active === check.scope.document.body || active.tagName === "IFRAME";
  if (lost && check.focusHome?.isConnected) check.focusHome.focus();
}

/** The script failed while offline: the delivery rules wait for the network and try again. */
const unavailable = (scope: Scope, cause: BotCheckFailure, detail: string): Error =>
  scope.navigator?.onLine === false
    ? new TypeError(`reCAPTCHA could not run while offline: ${detail}`)
    : new BotCheckUnavailableError(cause, detail);

function loadScript(scope: Scope, origin: string): Promise<Grecaptcha> {
  return new Promise((resolve, reject) => {
    const document = scope.document;
    const script = document.createElement("script");
    const fail = (detail: string) => {
      clearTimeout(limit);
      script.remove();
      delete scope[READY_CALLBACK];
      reject(unavailable(scope, "blocked", detail));
    };
    const limit = setTimeout(
      () => fail(`its script did not load within ${SCRIPT_LOAD_LIMIT_MS} ms`),
      SCRIPT_LOAD_LIMIT_MS,
    );
    scope[READY_CALLBACK] = () => {
      clearTimeout(limit);
      delete scope[READY_CALLBACK];
      if (scope.grecaptcha) resolve(scope.grecaptcha);
      else fail("its script loaded without grecaptcha");
    };
    script.onerror = () => fail("its script was blocked or did not arrive");
    script.async = true;
    script.src = `${origin}/recaptcha/api.js?onload=${READY_CALLBACK}&render=explicit&hl=en`;
    document.head.append(script);
  });
}

/**
 * The widget's home: off-screen, as the badge may be hidden when the page says reCAPTCHA protects
 * the form (it does, in the privacy line); a challenge Google shows opens in a frame of its own.
 */
function widgetContainer(document: Document): HTMLElement {
  const container = document.createElement("div");
  Object.assign(container.style, { position: "absolute", left: "-9999px", top: "0" });
  document.body.append(container);
  return container;
}

/** Ends the turn waiting for a token, if one is, with the token or why none came. */
function settle(check: Check, outcome: { token: string } | { error: Error }) {
  const current = check.waiter;
  check.waiter = undefined;
  if (!current) return;
  if ("token" in outcome) current.resolve(outcome.token);
  else current.reject(outcome.error);
}

/** Loads the script and renders the widget, once; a failure lets the next call try again. */
function ready(check: Check) {
  check.widget ??= loadScript(check.scope, check.origin).then((grecaptcha) => {
    const id = grecaptcha.render(widgetContainer(check.scope.document), {
      sitekey: check.siteKey,
      size: "invisible",
      badge: "inline",
      callback: (token) => settle(check, { token }),
      "expired-callback": () =>
        settle(check, { error: new BotCheckUnavailableError("expired", "the challenge expired") }),
      "error-callback": () =>
        settle(check, { error: unavailable(check.scope, "error", "Google reported an error") }),
    });
    return { grecaptcha, id };
  });
  check.widget.catch(() => {
    check.widget = undefined;
  });
  return check.widget;
}

/**
 * Watches the turn now waiting (`check.waiter`): it ends without a token where Google stays silent
 * or the visitor closes the challenge it showed. Returns the watch's stop.
 */
function watchTurn(check: Check, onAsking: (asking: boolean) => void): () => void {
  // Set before the watch starts: a challenge already shown stops it at once.
  const silence = setTimeout(
    () =>
      settle(check, {
        error: unavailable(
          check.scope,
          "silent",
          `no token and no challenge within ${SILENT_AFTER_MS} ms of execute`,
        ),
      }),
    SILENT_AFTER_MS,
  );
  const stopWatching = watchChallenge(
    check.scope.document,
    (shown) => {
      clearTimeout(silence);
      onAsking(shown);
    },
    () =>
      settle(check, {
        error: new BotCheckUnavailableError("closed", "the visitor closed the challenge"),
      }),
  );
  return () => {
    clearTimeout(silence);
    stopWatching();
  };
}

/** One execute: a token, or why none came; the challenge watched, the widget reset after. */
async function takeToken(
  check: Check,
  signal: AbortSignal,
  onAsking: (asking: boolean) => void,
): Promise<string> {
  signal.throwIfAborted();
  const { grecaptcha, id } = await ready(check);
  signal.throwIfAborted();
  let stopWatching = () => {};
  let taken = false;
  const abort = () => settle(check, { error: signal.reason });
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

/**
 * A fresh token for one request. It may wait for the visitor to answer a challenge (`onAsking`
 * says when it does and when it no longer does); it ends without one when the visitor closes the
 * challenge, when Google stays silent (SILENT_AFTER_MS), and as soon as `signal` aborts, so a
 * turn nobody waits for is never handed on. A token Google gives after its turn ended sends
 * nothing by itself: only a turn still waiting takes a token, and each turn runs its own execute.
 */
function token(
  check: Check,
  signal: AbortSignal,
  onAsking: (asking: boolean) => void,
): Promise<string> {
  const turn = check.queue.then(() => takeToken(check, signal, onAsking));
  check.queue = turn.catch(() => {});
  // A turn still queued, or waiting for the script, ends at once too: its own turn then finds the
  // signal aborted and asks Google nothing.
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener("abort", abort, { once: true });
    turn.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/** The page's check over `scope`, through the steps above. */
export function createRecaptcha(settings: RecaptchaSettings, scope: Scope = globalThis as Scope) {
  const check: Check = {
    ...settings,
    scope,
    queue: Promise.resolve(),
    focusHome: null,
    focusOwed: false,
  };
  return {
    /** Starts loading the script (the visitor showed intent); a failure here is told at the send. */
    warmUp: (): void => {
      ready(check).catch(() => {});
    },
    /** Focus returns here after a challenge (the form's submit button). */
    returnFocusTo: (element: HTMLElement | null): void => {
      check.focusHome = element;
    },
    /**
     * The form shows how the signup ended and its button is usable again: focus a challenge took in
     * a turn that gave no token comes back now, not while the button still said Joining....
     */
    formSettled: (): void => {
      if (check.focusOwed) bringFocusHome(check);
    },
    /** A fresh token for one request (`token`). */
    token: (signal: AbortSignal, onAsking: (asking: boolean) => void = () => {}): Promise<string> =>
      token(check, signal, onAsking),
  };
}

export type Recaptcha = ReturnType<typeof createRecaptcha>;
