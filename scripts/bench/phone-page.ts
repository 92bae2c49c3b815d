/**
 * One page in a fresh Chromium as the bench's own measurements see a phone: a phone-sized viewport
 * and Lighthouse's mobile CPU slowdown (4x) applied over CDP. Shared by form-live.ts and
 * paint-work.ts. Lighthouse is the bench's on-demand install: imported here, when a measurement
 * runs, so the unit tests of the bench's pure parts run on a clone that has not installed it.
 */
import { type Browser, type CDPSession, chromium, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumExecutable } from "../../tests/e2e/support/browser";

type MobileThrottling =
  typeof import("lighthouse/core/config/constants.js")["throttling"]["mobileSlow4G"];

/** Runs `use` with the slowed page, its CDP session and Lighthouse's mobile settings; closes the browser after. */
export async function onSlowPhonePage<T>(
  use: (phone: { page: Page; cdp: CDPSession; mobile: MobileThrottling }) => Promise<T>,
): Promise<T> {
  const { throttling } = await import("lighthouse/core/config/constants.js");
  const mobile = throttling.mobileSlow4G;
  const browser: Browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: mobile.cpuSlowdownMultiplier });
    return await use({ page, cdp, mobile });
  } finally {
    await browser.close();
  }
}
