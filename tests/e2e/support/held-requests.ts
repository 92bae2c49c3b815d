/**
 * The page's sends to EmailJS (the emulator), as a test sees and steers them: held until the test
 * lets them go, so a state that lasts "while a send is in flight" (Joining..., a second click) is
 * checked for as long as the test needs instead of inside an emulator delay that races the test's
 * own steps; and counted, with whether each has its answer yet.
 */
import type { Page, Request } from "@playwright/test";

/** The EmailJS API's path, on the emulator as on EmailJS. */
const EMAIL_API_PATH = "/api/v1.0/email/";

function isSend(request: Request): boolean {
  return request.method() === "POST" && new URL(request.url()).pathname.startsWith(EMAIL_API_PATH);
}

export type HeldSend = {
  request: Request;
  /** Lets the send go on to the emulator, which answers it as any fault queued for it says. */
  release(): Promise<void>;
};

/**
 * From now on holds each send the page makes until the test releases it. `next()` resolves with the
 * sends in the order the page made them, each once, whether it was made before or after the call.
 */
export async function holdSends(page: Page): Promise<{ next(): Promise<HeldSend> }> {
  const held: HeldSend[] = [];
  const takers: ((send: HeldSend) => void)[] = [];
  await page.route(
    (url) => url.pathname.startsWith(EMAIL_API_PATH),
    async (route) => {
      if (!isSend(route.request())) return route.fallback();
      const send = { request: route.request(), release: () => route.fallback() };
      const taker = takers.shift();
      if (taker) taker(send);
      else held.push(send);
    },
  );
  return {
    next: () => {
      const send = held.shift();
      return send ? Promise.resolve(send) : new Promise((take) => takers.push(take));
    },
  };
}

/**
 * Counts the sends that leave the page (POSTs, so no CORS preflight is counted) and knows which
 * still await their answer. `answered(n)` resolves once at most `n` do (0 by default; a test whose
 * emulator leaves `n` unanswered on purpose passes `n`).
 */
export function watchSends(page: Page) {
  let made = 0;
  let unanswered = 0;
  let wake = () => {};
  const settle = (request: Request) => {
    if (!isSend(request)) return;
    unanswered -= 1;
    wake();
  };
  page.on("request", (request) => {
    if (!isSend(request)) return;
    made += 1;
    unanswered += 1;
  });
  page.on("requestfinished", settle);
  page.on("requestfailed", settle);
  return {
    count: () => made,
    answered: async (stillOpen = 0) => {
      while (unanswered > stillOpen) await new Promise<void>((woken) => (wake = woken));
    },
  };
}
