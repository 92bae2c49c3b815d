/**
 * The bot-check build's tests (reCAPTCHA v2 invisible, played by the emulator's stand-in): its own
 * emulator, the requests for Google's script, the tokens the sends carried, and Google's challenge.
 */
import type { Page, Request } from "@playwright/test";
import { emulatorControls } from "../../../server/emulator/client";
import { expect } from "./fixtures";
import { E2E_BOT_CHECK_EMULATOR_URL } from "./stack-ports";

/** The bot-check site's emulator: its template requires a fresh token on every send. */
export const botCheckEmulator = emulatorControls(E2E_BOT_CHECK_EMULATOR_URL);

/** A request for reCAPTCHA's script or one of its frames: anything of Google's. */
const GOOGLE = /\/recaptcha\//;
export const RECAPTCHA_SCRIPT = /\/recaptcha\/api\.js/;

/** Every request for anything of reCAPTCHA's (script, frames, tokens), from the first byte of the page. */
export function googleRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on("request", (request) => {
    if (GOOGLE.test(new URL(request.url()).pathname)) requests.push(request);
  });
  return requests;
}

/**
 * How long the page waits for a Google that neither gives a token nor shows a challenge
 * (docs/behaviour.md, "The bot check (optional)"): the product's number, typed here as its words are.
 */
export const SILENT_AFTER_MS = 10_000;

/**
 * How many token requests the stand-in's frames had answered (an execute's, a solved challenge's,
 * a silent Google's late answer): the moment Google heard a turn, which a test waits for before it
 * moves the page's clock.
 */
export function tokenAnswers(page: Page): () => number {
  let answered = 0;
  page.on("response", (response) => {
    if (new URL(response.url()).pathname === "/recaptcha/api2/token") answered += 1;
  });
  return () => answered;
}

declare global {
  interface Window {
    /** Google's API, once its script has loaded (the emulator's stand-in plays it here). */
    grecaptcha?: { getResponse(widget: number): string };
  }
}

/** The token the page's widget holds now ("" after a reset), as grecaptcha.getResponse tells it. */
export function widgetResponse(page: Page): Promise<string> {
  return page.evaluate(() => window.grecaptcha?.getResponse(0) ?? "");
}

/** The token each send to EmailJS carried, in order. */
export function sentTokens(page: Page): (string | undefined)[] {
  const tokens: (string | undefined)[] = [];
  page.on("request", (request) => {
    if (request.method() !== "POST" || !request.url().includes("/api/v1.0/email/send")) return;
    const body = request.postDataJSON() as { template_params: Record<string, string> };
    tokens.push(body.template_params["g-recaptcha-response"]);
  });
  return tokens;
}

/** The address arrived once, with the last token a send carried. */
export async function expectArrivedOnce(address: string, tokens: (string | undefined)[]) {
  const outbox = await botCheckEmulator.outbox(address);
  expect(outbox).toHaveLength(1);
  expect(outbox[0]?.template_params["g-recaptcha-response"]).toBe(tokens.at(-1));
}

/** Google's challenge as the visitor meets it: its frame, and its two answers. */
export function challenge(page: Page) {
  const frame = page.frameLocator('iframe[title="recaptcha challenge expires in two minutes"]');
  return {
    solve: frame.getByRole("button", { name: "Solve" }),
    close: frame.getByRole("button", { name: "Close" }),
  };
}
