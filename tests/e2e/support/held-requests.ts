/**
 * Requests the test holds back until it releases them, and the page's requests to EmailJS as the
 * test sees them (one per try that reaches the network: docs/glossary.md):
 * - the app's script (the page painted, the form not yet live). A page whose script is held is
 *   opened with `waitUntil: "commit"` or `"domcontentloaded"`: its `load` waits for the script;
 * - the typo hint's check, the chunk the form loads after the visitor's first interaction (the
 *   form live, its check not yet);
 * - a request to EmailJS (the emulator), held before it leaves or after the emulator answered, so
 *   a state that lasts "while a request is in flight" is checked for as long as the test needs instead
 *   of inside an emulator delay that races the test's own steps;
 * - every request counted, with whether each has had its answer yet.
 */
import type { BrowserContext, Page, Request, Route } from "@playwright/test";
import { pageRecord } from "./page-record";
import { EMAIL_API_PATH, REQUESTS_RECORD } from "./recorders";

/** The app's module: the one script the inline loader starts. */
export const APP_SCRIPT = /\/assets\/index-[\w-]+\.js$/;

/** The typo hint's check: a chunk of its own, loaded after the visitor's first interaction. */
export const TYPO_CHECK = /\/assets\/typo-hint-[\w-]+\.js$/;

/** The pending note: a chunk of its own, loaded once a page has a note to show. */
export const PENDING_NOTE = /\/assets\/pending-note-[\w-]+\.js$/;

/** The EmailJS API's path, on the emulator as on EmailJS. */
const EMAIL_API = /\/api\/v1\.0\/email\//;

/** A request leaving the browser for EmailJS's API on the emulator (a POST, so no CORS preflight). */
export const isEmailRequest = (request: Request) =>
  request.method() === "POST" && new URL(request.url()).pathname.startsWith(EMAIL_API_PATH);

type HeldRequest = {
  request: Request;
  /** Lets this one request go on. */
  release(): Promise<void>;
};

export type Held = {
  /** Resolves once the first matching request has reached the browser's door and is held. */
  arrived(): Promise<void>;
  /** The held requests one at a time, in the order the page made them, each once. */
  next(): Promise<HeldRequest>;
  /** Lets every request still held go on, and every later one straight through. */
  release(): Promise<void>;
};

/**
 * Holds the first `count` requests (all, by default) of `target` (a page, or every tab of a context)
 * that match `url` and `when`, until the test releases them; later ones pass.
 */
async function holdMatching(
  target: Page | BrowserContext,
  url: RegExp,
  { when = () => true, count = Infinity }: { when?: (request: Request) => boolean; count?: number },
): Promise<Held> {
  const waiting: HeldRequest[] = [];
  const takers: ((held: HeldRequest) => void)[] = [];
  const unreleased = new Set<Route>();
  let released = false;
  let taken = 0;
  let arrive = () => {};
  const first = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  // A page closed meanwhile leaves its routes nothing to continue.
  const letGo = async (route: Route) => {
    if (!unreleased.delete(route)) return;
    await route.fallback().catch(() => undefined);
  };
  await target.route(url, (route) => {
    if (released || !when(route.request()) || taken >= count) return route.fallback();
    taken += 1;
    unreleased.add(route);
    const held = { request: route.request(), release: () => letGo(route) };
    const taker = takers.shift();
    if (taker) taker(held);
    else waiting.push(held);
    arrive();
  });
  return {
    arrived: () => first,
    next: () => {
      const held = waiting.shift();
      return held ? Promise.resolve(held) : new Promise((take) => takers.push(take));
    },
    release: async () => {
      released = true;
      await Promise.all([...unreleased].map(letGo));
    },
  };
}

/** Holds the app's script until `release`, so the form is painted but not live. */
export async function holdAppScript(page: Page): Promise<Held> {
  return holdMatching(page, APP_SCRIPT, {});
}

/** Holds the typo hint's check until `release`, so the form is live but gives no hint yet. */
export async function holdTypoCheck(page: Page): Promise<Held> {
  return holdMatching(page, TYPO_CHECK, {});
}

/** Holds the first `count` requests to EmailJS (all, by default) from `target` before they leave the browser. */
export async function holdRequests(target: Page | BrowserContext, count = Infinity): Promise<Held> {
  return holdMatching(target, EMAIL_API, { when: isEmailRequest, count });
}

/**
 * Lets the first `count` requests to EmailJS (the first, by default) of `target` reach the emulator, and holds
 * their answers back from the page until `release`: `arrived` resolves once the emulator has
 * answered. A page closed meanwhile never gets its answer, as when a visitor leaves mid-send.
 */
export async function holdAnswers(
  target: Page | BrowserContext,
  count = 1,
): Promise<Pick<Held, "arrived" | "release">> {
  const held: (() => Promise<void>)[] = [];
  let released = false;
  let taken = 0;
  let arrive = () => {};
  const first = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  await target.route(EMAIL_API, async (route) => {
    if (released || !isEmailRequest(route.request()) || taken >= count) return route.fallback();
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

/**
 * Counts the requests to EmailJS that leave the page (POSTs, so no CORS preflight is counted) from
 * now on, one per try that reached the network (a try whose ticket failed makes none), and knows
 * which still await their answer from the page's own record (the kit's request recorder, armed
 * before the page loads).
 *
 * `answered(hanging)` resolves once every request but the first `hanging` has had its answer read
 * (or failed): a test whose emulator leaves its first requests unanswered on purpose passes how
 * many. It reads the page's own record, kept where the page calls `fetch`, so a request the page has just made
 * is awaited even before the test hears of its request: a test that moves the page's clock between
 * these waits never runs a try's time limit while its request is in flight.
 */
export function watchRequests(page: Page) {
  let count = 0;
  page.on("request", (request) => {
    if (isEmailRequest(request)) count += 1;
  });
  return {
    count: () => count,
    answered: async (hanging = 0) => {
      // Fails at once, naming the recorder, in a page where it was not armed.
      await pageRecord<unknown[]>(page, REQUESTS_RECORD);
      await page.evaluate(
        ({ name, hanging }) => {
          const awaiting: Promise<void>[] = Reflect.get(window, name);
          return Promise.all(awaiting.slice(hanging));
        },
        { name: REQUESTS_RECORD, hanging },
      );
    },
  };
}

/** What watchRequests gives: the count of requests and the wait for their answers. */
export type Requests = ReturnType<typeof watchRequests>;
