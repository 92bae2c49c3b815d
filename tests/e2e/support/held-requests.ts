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
 * still await their answer. `answered(hanging)` resolves once every send but the first `hanging`
 * has its answer (or failed): a test whose emulator leaves its first sends unanswered on purpose
 * passes how many, so a later send, a retry, is still awaited while the page gives up on those.
 */
export function watchSends(page: Page) {
  /** Per send, in the order they left: whether it still awaits its answer. */
  const open: boolean[] = [];
  const order = new Map<Request, number>();
  let wake = () => {};
  const settle = (request: Request) => {
    const index = order.get(request);
    if (index === undefined) return;
    open[index] = false;
    wake();
  };
  page.on("request", (request) => {
    if (!isSend(request)) return;
    order.set(request, open.length);
    open.push(true);
  });
  page.on("requestfinished", settle);
  page.on("requestfailed", settle);
  return {
    count: () => open.length,
    answered: async (hanging = 0) => {
      while (open.slice(hanging).includes(true)) {
        await new Promise<void>((woken) => (wake = woken));
      }
    },
  };
}
