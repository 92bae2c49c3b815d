/**
 * A few visitors of the crowd in real pages (Chromium): they type their address into the built
 * site's form and press Join Waitlist, and what they see is recorded: the still-sending note, a
 * Submission failed toast, the thank-you page.
 */
import { type Browser, chromium } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumExecutable } from "../e2e/support/browser";
import type { VisitorResult } from "./crowd";

/** Longer than the retry budget (two minutes) and one request's wait: every visitor ends. */
const VISIT_LIMIT_MS = 180_000;

export type BrowserVisitorResult = VisitorResult & { sawStillSending: boolean };

export async function startBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
}

export async function visitInBrowser(
  browser: Browser,
  siteUrl: string,
  email: string,
): Promise<BrowserVisitorResult> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(siteUrl);
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    await page.getByRole("textbox", { name: "Work email address" }).fill(email);
    const started = Date.now();
    await page.getByRole("button", { name: "Join Waitlist" }).click();
    const stillSending = page
      .getByText("Your address is saved and we're still sending it.", { exact: false })
      .waitFor({ timeout: VISIT_LIMIT_MS })
      .then(
        () => true,
        () => false,
      );
    const outcome = await Promise.race([
      page.waitForURL(/\/success$/, { timeout: VISIT_LIMIT_MS }).then(() => "sent" as const),
      page
        .getByText("Submission failed")
        .waitFor({ timeout: VISIT_LIMIT_MS })
        .then(() => "told" as const),
    ]).catch(() => "pending" as const);
    const seconds = (Date.now() - started) / 1000;
    const sawStillSending = await Promise.race([stillSending, Promise.resolve(false)]);
    return { email, outcome, seconds, sawStillSending };
  } finally {
    await context.close();
  }
}
