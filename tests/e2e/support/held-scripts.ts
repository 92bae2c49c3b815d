/**
 * Requests the test holds back until it releases them: the app's script (the page painted, the
 * form not yet live) or a send (an answer exactly as late as the test wants, with no emulator delay
 * racing the test's own steps). A page whose script is held is opened with `waitUntil: "commit"` or
 * `"domcontentloaded"`: its `load` waits for the script.
 */
import type { BrowserContext, Page, Request, Route } from "@playwright/test";

/** The app's module: the one script the inline loader starts. */
export const APP_SCRIPT = /\/assets\/index-[\w-]+\.js$/;

/** A send leaving the browser for the emulator (a POST, so no CORS preflight). */
export const isSend = (request: Request) =>
  request.method() === "POST" && request.url().includes("/api/v1.0/email/");

export type Held = {
  /** Resolves once the first matching request has reached the browser's door and is held. */
  arrived(): Promise<void>;
  /** Lets the held requests go on, and every later one straight through. */
  release(): Promise<void>;
};

/**
 * Holds the first `count` requests (all, by default) of `target` (a page, or every tab of a context)
 * matching `url` and `when` until `release`; later ones pass.
 */
async function holdRequests(
  target: Page | BrowserContext,
  url: RegExp | string,
  {
    when = () => true,
    count = Infinity,
  }: { when?: (request: Request) => boolean; count?: number } = {},
): Promise<Held> {
  const held: Route[] = [];
  let released = false;
  let taken = 0;
  let arrive = () => {};
  const first = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  await target.route(url, (route) => {
    if (released || !when(route.request()) || taken >= count) return route.fallback();
    taken += 1;
    held.push(route);
    arrive();
  });
  return {
    arrived: () => first,
    release: async () => {
      released = true;
      // A page closed meanwhile leaves its routes nothing to continue.
      await Promise.all(held.map((route) => route.fallback().catch(() => undefined)));
    },
  };
}

/** Holds the app's script until `release`, so the form is painted but not live. */
export async function holdAppScript(page: Page): Promise<Held> {
  return holdRequests(page, APP_SCRIPT);
}

/** Holds the first `count` sends (the first, by default) from `target` until `release`. */
export async function holdSends(target: Page | BrowserContext, count = 1): Promise<Held> {
  return holdRequests(target, /\/api\/v1\.0\/email\//, { when: isSend, count });
}

/**
 * Lets the first `count` sends (the first, by default) of `target` reach the emulator, and holds
 * their answers back from the page until `release`: `arrived` resolves once the emulator has
 * answered. A page closed meanwhile never gets its answer, as when a visitor leaves mid-send.
 */
export async function holdAnswers(target: Page | BrowserContext, count = 1): Promise<Held> {
  const held: (() => Promise<void>)[] = [];
  let released = false;
  let taken = 0;
  let arrive = () => {};
  const first = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  await target.route(/\/api\/v1\.0\/email\//, async (route) => {
    if (released || !isSend(route.request()) || taken >= count) return route.fallback();
    taken += 1;
    const response = await route.fetch();
    held.push(() => route.fulfill({ response }));
    arrive();
  });
  return {
    arrived: () => first,
    release: async () => {
      released = true;
      await Promise.all(held.map((answer) => answer().catch(() => undefined)));
    },
  };
}
