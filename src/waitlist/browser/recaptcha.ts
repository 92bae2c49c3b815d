/**
 * Google's reCAPTCHA v2 invisible, as the waitlist uses it (docs/security.md, "The bot check"): its
 * script loaded once, on the visitor's intent; one invisible widget; a fresh token for every request,
 * the widget reset after each (a token is single-use and expires after two minutes). Loaded lazily
 * by bot-check.ts, only in a build with VITE_RECAPTCHA_SITE_KEY.
 */

/** The part of Google's grecaptcha API the waitlist uses (the local stand-in implements the same). */
export type Grecaptcha = {
  render(
    container: HTMLElement,
    parameters: {
      sitekey: string;
      size: "invisible";
      badge: "inline";
      callback(token: string): void;
      "expired-callback"(): void;
      "error-callback"(): void;
    },
  ): number;
  execute(widget: number): void;
  reset(widget: number): void;
  getResponse(widget: number): string;
};

/** What Google's api.js calls once it is ready (its `onload` parameter). */
const READY_CALLBACK = "bulwarkRecaptchaReady";
/** A script that neither loads nor fails within this long is treated as blocked. */
export const SCRIPT_LOAD_LIMIT_MS = 10_000;

/**
 * The check could not run: its script did not load, or Google reported an error. No request left
 * the page. It carries a status the way the SDK's own refusals do (403 blocklisted, 451 headless),
 * so the delivery rules (src/waitlist/core/retry-policy.ts) stop and keep the address instead of
 * guessing it may have arrived; 424 Failed Dependency, as the send depended on the check.
 */
export class BotCheckUnavailableError extends Error {
  readonly status = 424;
  readonly text: string;
  constructor(reason: string) {
    super(`reCAPTCHA could not run: ${reason}`);
    this.name = "BotCheckUnavailableError";
    this.text = this.message;
  }
}

type Scope = typeof globalThis & Record<string, unknown> & { grecaptcha?: Grecaptcha };

export type RecaptchaSettings = { siteKey: string; origin: string };

/** A token for one request, or the reason none came. */
type Waiter = { resolve(token: string): void; reject(error: Error): void };

export function createRecaptcha(
  { siteKey, origin }: RecaptchaSettings,
  scope: Scope = globalThis as Scope,
) {
  let widget: Promise<{ grecaptcha: Grecaptcha; id: number }> | undefined;
  let waiter: Waiter | undefined;
  /** One token at a time: the widget answers one execute at a time. */
  let queue: Promise<unknown> = Promise.resolve();
  /** Where focus goes back to after a challenge took it (the form's button). */
  let focusHome: HTMLElement | null = null;

  /** A challenge Google showed had focus in its frame: the visitor goes on from the form. */
  function bringFocusHome() {
    const active = scope.document.activeElement;
    const lost = !active || active === scope.document.body || active.tagName === "IFRAME";
    if (lost && focusHome?.isConnected) focusHome.focus();
  }

  /** The script failed while offline: the delivery rules wait for the network and try again. */
  const unavailable = (reason: string): Error =>
    scope.navigator?.onLine === false
      ? new TypeError(`reCAPTCHA could not load while offline: ${reason}`)
      : new BotCheckUnavailableError(reason);

  function loadScript(): Promise<Grecaptcha> {
    return new Promise((resolve, reject) => {
      const document = scope.document;
      const script = document.createElement("script");
      const fail = (reason: string) => {
        clearTimeout(limit);
        script.remove();
        delete scope[READY_CALLBACK];
        reject(unavailable(reason));
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
  function widgetContainer(): HTMLElement {
    const container = scope.document.createElement("div");
    Object.assign(container.style, { position: "absolute", left: "-9999px", top: "0" });
    scope.document.body.append(container);
    return container;
  }

  const settle = (outcome: { token: string } | { error: Error }) => {
    const current = waiter;
    waiter = undefined;
    if (!current) return;
    if ("token" in outcome) current.resolve(outcome.token);
    else current.reject(outcome.error);
  };

  /** Loads the script and renders the widget, once; a failure lets the next call try again. */
  function ready() {
    widget ??= loadScript().then((grecaptcha) => {
      const id = grecaptcha.render(widgetContainer(), {
        sitekey: siteKey,
        size: "invisible",
        badge: "inline",
        callback: (token) => settle({ token }),
        "expired-callback": () => settle({ error: unavailable("the token expired") }),
        "error-callback": () => settle({ error: unavailable("Google reported an error") }),
      });
      return { grecaptcha, id };
    });
    widget.catch(() => {
      widget = undefined;
    });
    return widget;
  }

  /** A fresh token, passed to `use`; the widget is reset once `use` settles, whatever it did. */
  async function withFreshToken<T>(use: (token: string) => Promise<T>): Promise<T> {
    const turn = queue.then(async () => {
      const { grecaptcha, id } = await ready();
      const token = await new Promise<string>((resolve, reject) => {
        waiter = { resolve, reject };
        grecaptcha.execute(id);
      }).finally(bringFocusHome);
      try {
        return await use(token);
      } finally {
        grecaptcha.reset(id);
      }
    });
    queue = turn.catch(() => {});
    return turn;
  }

  return {
    /** Starts loading the script (the visitor showed intent); a failure here is told at the send. */
    warmUp: (): void => {
      ready().catch(() => {});
    },
    /** Focus returns here after a challenge (the form's submit button). */
    returnFocusTo: (element: HTMLElement | null): void => {
      focusHome = element;
    },
    withFreshToken,
  };
}

export type Recaptcha = ReturnType<typeof createRecaptcha>;
