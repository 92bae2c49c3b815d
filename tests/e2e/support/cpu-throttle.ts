/**
 * A starved CPU for the cross-tab specs (`npm run test:starved`): with `E2E_CPU_THROTTLE` set (a
 * rate, 4 for four times slower), every page of a test's context runs its CPU that much slower,
 * through Chromium's DevTools protocol, from the moment it opens.
 */
import type { BrowserContext, Page } from "@playwright/test";

/** The rate `npm run test:starved` asks for; 1 (no throttling) when unset. */
const CPU_THROTTLE_RATE = Number(process.env.E2E_CPU_THROTTLE) || 1;

export async function throttleEveryPage(context: BrowserContext): Promise<void> {
  if (CPU_THROTTLE_RATE <= 1) return;
  const throttle = async (page: Page) => {
    const session = await context.newCDPSession(page);
    await session.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLE_RATE });
  };
  context.on("page", (page) => void throttle(page).catch(() => {}));
  await Promise.all(context.pages().map(throttle));
}
