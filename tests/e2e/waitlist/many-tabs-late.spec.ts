/**
 * One address in five tabs of one browser, its first send answered late (docs/behaviour.md, "One
 * address, many tabs"): whichever tab's send goes out first, the other four wait for it, then find
 * it delivered and send nothing. Every tab reads the real clock, as a visitor's do. Only what a
 * visitor and the outbox see is checked: the emails that arrived and where each tab ended.
 */
import type { Page } from "@playwright/test";
import { WHOLE_BROWSER } from "../support/browser";
import { expect, test } from "../support/fixtures";
import { uniqueEmail } from "../support/guards";
import { E2E_SEND_TIMEOUT_MS } from "../support/stack-timing";
import { expectSuccessShown } from "../support/tab-records";
import { gotoApp } from "../support/tabs";
import { waitlistForm } from "../support/waitlist-page";

/**
 * How late the first send's answer comes: half the time limit, so the other tabs have submitted
 * and wait meanwhile, and far within the twice-as-long wait before a request is given up on (one
 * given up on is tried again by design) however slow a starved page makes the answer's way back.
 */
const LATE_ANSWER_MS = E2E_SEND_TIMEOUT_MS / 2;

// In the whole browser, whose site storage lives in a process of its own (the headless shell keeps
// it in the browser's): what a tab reads under the lock crosses processes, as on a visitor's machine.
test.describe("one address, many tabs", { tag: ["@tabs", WHOLE_BROWSER] }, () => {
  test(`five tabs submitting at once, the first send answered after ${LATE_ANSWER_MS} ms: sent once, all five on /success`, async ({
    page,
    openTab,
    emulator,
  }) => {
    const address = uniqueEmail("five-tabs-late");
    await gotoApp(page, "/");
    const tabs: Page[] = [page];
    while (tabs.length < 5) tabs.push(await openTab());
    for (const tab of tabs) await waitlistForm(tab).email.fill(address);
    // Whichever tab's send reaches the emulator first is held there, then accepted.
    await emulator.fault({ count: 1, delayMs: LATE_ANSWER_MS, match: { email: address } });
    await Promise.all(tabs.map((tab) => waitlistForm(tab).submit.click()));
    // Each tab ends on /success only once its own delivery has ended: every send is in by then.
    await expectSuccessShown(...tabs);
    expect(await emulator.outbox(address), `emails for ${address}`).toHaveLength(1);
  });
});
